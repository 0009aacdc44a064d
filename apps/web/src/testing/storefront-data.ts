import type { StorefrontData, StorefrontProduct, StorefrontProductDetail, StoreProfile } from '@shopfront/core';

/** A storefront product as the server sends it (a $24 digital download unless told otherwise). */
export function storefrontProduct(overrides: Partial<StorefrontProduct> = {}): StorefrontProduct {
  return {
    id: 'p1',
    slug: 'glaze-guide',
    type: 'digital',
    title: 'The Glaze Guide',
    subtitle: 'Forty tested recipes',
    coverImageUrl: null,
    priceMode: 'fixed',
    priceCents: 2400,
    minPriceCents: 0,
    compareAtCents: null,
    currency: 'usd',
    ctaLabel: 'Buy now',
    externalUrl: null,
    ...overrides,
  };
}

export function storefrontProductDetail(overrides: Partial<StorefrontProductDetail> = {}): StorefrontProductDetail {
  return { ...storefrontProduct(), descriptionHtml: '<p>Everything I know about glazes.</p>', fileCount: 3, ...overrides };
}

/** A published store's page data (the landing unless `product` is given). */
export function storefrontData(profile: Partial<StoreProfile> = {}, extra: Partial<StorefrontData> = {}): StorefrontData {
  return {
    store: {
      id: 'store_1',
      slug: 'cozy-mugs',
      customDomain: null,
      profile: {
        name: 'Cozy Mugs Co.',
        description: 'Hand-thrown mugs for slow mornings.',
        avatarUrl: null,
        socialLinks: [],
        links: [],
        theme: 'mocha-mood',
        themeOverrides: { colors: {} },
        productLayout: { order: [], hidden: [] },
        ...profile,
      },
    },
    products: [],
    isPreview: false,
    canonicalUrl: 'https://shopfront.test/cozy-mugs',
    ...extra,
  };
}
