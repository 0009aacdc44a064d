import type { Database } from '#src/db/client.ts';
import type { WebsiteLoader } from '#src/storefront/website-loader.ts';
import type { StorefrontUrlOptions } from './load-storefront.ts';
import { loadPreviewWebsitePage, loadPublishedWebsitePage, loadWebsiteSitemap } from './load-website.ts';

/** The website pages' reads, over this database and the platform's public URL. */
export function createWebsiteLoader(db: Database, urls: StorefrontUrlOptions): WebsiteLoader {
  return {
    loadPublished: (key, pageSlug) => loadPublishedWebsitePage(db, key, pageSlug, urls),
    loadPreview: (key, userId, pageSlug) => loadPreviewWebsitePage(db, { ...urls, key, userId, pageSlug }),
    loadSitemap: (key) => loadWebsiteSitemap(db, key, urls),
  };
}
