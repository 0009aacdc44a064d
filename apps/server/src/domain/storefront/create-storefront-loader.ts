import type { Database } from '#src/db/client.ts';
import type { StorefrontLoader } from '#src/storefront/storefront-loader.ts';
import { findStoreByKey } from '../stores/find-store-by-key.ts';
import { loadPreviewStorefront } from './load-preview-storefront.ts';
import { loadPublishedStorefront, type StorefrontUrlOptions } from './load-storefront.ts';

/** The storefront service's reads, over this database and the platform's public URL. */
export function createStorefrontLoader(db: Database, urls: StorefrontUrlOptions): StorefrontLoader {
  return {
    loadPublished: (key, productSlug) => loadPublishedStorefront(db, key, { ...urls, productSlug }),
    loadPreview: (key, userId, productSlug) => loadPreviewStorefront(db, { key, userId, ...urls, productSlug }),
    findStore: async (key) => {
      const row = await findStoreByKey(db, key);
      return row ? { id: row.id, name: row.name, offline: row.offlineReason !== null } : null;
    },
  };
}
