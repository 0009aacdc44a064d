import { storefrontUrl, websitePageUrl } from '@shopfront/core';
import { WEBSITE_BLOCKS, WebsiteFrame, type WebsiteRenderContext } from '#src/features/website/index.ts';
import type { WebsiteCanvasKit } from '#src/features/website-builder/index.ts';

/**
 * The website builder's canvas draws with the website's own blocks (features/website), the same
 * components the served pages render, in the store's theme. The editor leaves the signup form
 * inert (no action) and lists the pages that are live, plus the one being edited.
 */
export const WEBSITE_CANVAS_KIT: WebsiteCanvasKit<WebsiteRenderContext> = {
  createContext: ({ storefront, pages, pageSlug }) => {
    const { store, products } = storefront;
    const storeBase = storefrontUrl(store, { origin: '' });
    return {
      store,
      products,
      pages: pages.filter((page) => page.status !== 'draft' || page.slug === pageSlug).map(({ slug, title }) => ({ slug, title })),
      basePath: websitePageUrl(store, null, { origin: '' }),
      storeBasePath: storeBase,
      storeHref: storeBase,
      currentSlug: pageSlug,
    };
  },
  Frame: ({ context, children }) => (
    <WebsiteFrame store={context.store} embedded>
      {children}
    </WebsiteFrame>
  ),
  blocks: WEBSITE_BLOCKS,
};
