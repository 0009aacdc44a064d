import { AppError, type StoreKey, type StorefrontData } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { getStoreDraft } from '../stores/get-store-draft.ts';
import { findStoreByKey } from '../stores/find-store-by-key.ts';
import { storefrontDataFor, type StorefrontPageOptions } from './load-storefront.ts';

/**
 * `?preview=true` (spec §2, §4): the draft — or the published profile when there is no draft —
 * marked as a preview, but only for the store's owner. Anyone else gets null and is shown the
 * published store, exactly as if they had not asked. The products are the published ones, laid out
 * by the draft's productLayout (what publishing would show).
 */
export async function loadPreviewStorefront(
  db: Database,
  options: StorefrontPageOptions & { key: StoreKey; userId: string },
): Promise<StorefrontData | null> {
  const row = await findStoreByKey(db, options.key);
  if (!row) return null;
  const owned = await getOwnedStore(db, { storeId: row.id, userId: options.userId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not-found') return null;
    throw error;
  });
  if (!owned) return null;
  const draft = await getStoreDraft(db, owned.id);
  return storefrontDataFor(db, owned, { ...options, profile: draft ?? undefined, isPreview: true });
}
