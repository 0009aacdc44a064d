import type { WebsiteBlock } from '@shopfront/core';
import type { WebsitePageData } from '#src/features/website/types.ts';
import { storefrontData, storefrontProduct } from './storefront-data.ts';

/** A published website page of the kit's store (mocha-mood, one $24 product), home unless told. */
export function websitePageData(blocks: WebsiteBlock[], overrides: Partial<WebsitePageData['page']> = {}, extra: Partial<WebsitePageData> = {}): WebsitePageData {
  const { store } = storefrontData();
  return {
    store,
    products: [storefrontProduct({ id: 'prd_aaaaaaaaaaaaaaaaaaaa' }), storefrontProduct({ id: 'prd_bbbbbbbbbbbbbbbbbbbb', slug: 'mug-course', title: 'Mug Course', priceCents: 0, priceMode: 'free', ctaLabel: 'Get it' })],
    pages: [
      { slug: 'home', title: 'Home' },
      { slug: 'about', title: 'About' },
    ],
    page: { slug: 'home', title: 'Home', seoTitle: null, seoDescription: null, seoImageSrc: null, content: { root: { props: {} }, content: blocks }, ...overrides },
    canonicalUrl: 'https://shopfront.test/cozy-mugs/website',
    isPreview: false,
    ...extra,
  };
}

export const WEBSITE_CONTEXT = { basePath: '/cozy-mugs/website', storeBasePath: '/cozy-mugs', storeHref: '/cozy-mugs', subscribeAction: '/api/website/subscribe' };
