import type { StoreKey, StoreRef } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { findStoreByKey } from './find-store-by-key.ts';
import { normaliseCustomDomain } from './normalise-domain.ts';

/**
 * The app-mode lookup (spec §2): the store a key names as the web app needs it, or null (Store
 * Not Found). On a custom domain `customDomain` is the domain the visitor is on, `www.` stripped.
 */
export async function lookupStore({ db, lookup }: { db: Executor; lookup: StoreKey }): Promise<StoreRef | null> {
  const row = await findStoreByKey(db, lookup);
  if (!row) return null;
  return {
    storeId: row.id,
    slug: row.slug,
    name: row.name,
    customDomain: lookup.by === 'customDomain' ? normaliseCustomDomain(lookup.domain) : row.customDomain,
    isBioDomain: lookup.by === 'bioDomain',
    offline: row.offlineReason !== null,
  };
}
