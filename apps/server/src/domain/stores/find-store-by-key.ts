import { canonicalizeSlug, type StoreKey } from '@shopfront/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { bioDomains, customDomains, stores, type StoreRow } from '#src/db/schema/index.ts';
import { normaliseCustomDomain, normaliseHost } from './normalise-domain.ts';

/**
 * Spec §2 store addressing, the one finder every reader uses (storefront pages and JSON, the
 * app-mode lookup): a store by slug, by verified custom domain (`www.` stripped) or by bio
 * domain. Null when there is none: the caller shows Store Not Found.
 */
export async function findStoreByKey(db: Executor, key: StoreKey): Promise<StoreRow | null> {
  if (key.by === 'slug') {
    const [row] = await db.select().from(stores).where(eq(stores.slug, canonicalizeSlug(key.slug.trim()))).limit(1);
    return row ?? null;
  }
  if (key.by === 'customDomain') {
    const [row] = await db
      .select({ store: stores })
      .from(customDomains)
      .innerJoin(stores, eq(stores.id, customDomains.storeId))
      .where(and(eq(customDomains.domain, normaliseCustomDomain(key.domain)), isNotNull(customDomains.verifiedAt)))
      .limit(1);
    return row?.store ?? null;
  }
  const [row] = await db
    .select({ store: stores })
    .from(bioDomains)
    .innerJoin(stores, eq(stores.id, bioDomains.storeId))
    .where(eq(bioDomains.fullDomain, normaliseHost(key.fullDomain)))
    .limit(1);
  return row?.store ?? null;
}
