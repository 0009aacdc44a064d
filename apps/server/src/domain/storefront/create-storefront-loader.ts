import type { Database } from '#src/db/client.ts';
import type { StorefrontLoader } from '#src/storefront/storefront-loader.ts';
import { findStoreByKey } from '../stores/find-store-by-key.ts';
import { loadPreviewStorefront } from './load-preview-storefront.ts';
import { loadPublishedStorefront, type StorefrontUrlOptions } from './load-storefront.ts';

/**
 * Where storefront reads go (docs/regions.md): drafts always from the primary; published pages
 * from `visitor()`, the region's mirror while it is healthy, else the primary.
 */
export interface StorefrontReadDbs {
  primary: Database;
  visitor: () => Database;
}

/** The storefront service's reads, over these databases and the platform's public URL. */
export function createStorefrontLoader(dbs: StorefrontReadDbs, urls: StorefrontUrlOptions): StorefrontLoader {
  const { primary, visitor } = dbs;
  return {
    loadPublished: (key, productSlug) => loadPublishedStorefront(visitor(), key, { ...urls, productSlug }),
    loadPreview: (key, userId, productSlug) => loadPreviewStorefront(primary, { key, userId, ...urls, productSlug }),
    findStore: async (key) => {
      const row = await findStoreByKey(visitor(), key);
      return row ? { id: row.id, name: row.name, offline: row.offlineReason !== null } : null;
    },
  };
}
