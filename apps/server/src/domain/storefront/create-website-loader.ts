import type { WebsiteLoader } from '#src/storefront/website-loader.ts';
import type { StorefrontUrlOptions } from './load-storefront.ts';
import type { StorefrontReadDbs } from './create-storefront-loader.ts';
import { loadPreviewWebsitePage, loadPublishedWebsitePage, loadWebsiteSitemap } from './load-website.ts';

/** The website pages' reads: published ones from the visitors' database, drafts from the primary. */
export function createWebsiteLoader(dbs: StorefrontReadDbs, urls: StorefrontUrlOptions): WebsiteLoader {
  const { primary, visitor } = dbs;
  return {
    loadPublished: (key, pageSlug) => loadPublishedWebsitePage(visitor(), key, pageSlug, urls),
    loadPreview: (key, userId, pageSlug) => loadPreviewWebsitePage(primary, { ...urls, key, userId, pageSlug }),
    loadSitemap: (key) => loadWebsiteSitemap(visitor(), key, urls),
  };
}
