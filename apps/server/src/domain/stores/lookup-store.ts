import { canonicalizeSlug, type StoreRef } from '@shopfront/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bioDomains, customDomains, stores } from '#src/db/schema/index.ts';
import { normaliseCustomDomain, normaliseHost } from './normalise-domain.ts';

export type StoreLookup =
  | { by: 'slug'; slug: string }
  | { by: 'customDomain'; domain: string }
  | { by: 'bioDomain'; fullDomain: string };

const storeRefColumns = {
  storeId: stores.id,
  slug: stores.slug,
  name: stores.name,
  customDomain: stores.customDomain,
} as const;

/**
 * Spec §2 app-mode lookup: a store by slug, by verified custom domain (`www.` stripped) or by
 * bio domain. Null when there is none: the caller shows Store Not Found.
 */
export async function lookupStore({ db, lookup }: { db: Database; lookup: StoreLookup }): Promise<StoreRef | null> {
  if (lookup.by === 'slug') {
    const [row] = await db
      .select(storeRefColumns)
      .from(stores)
      .where(eq(stores.slug, canonicalizeSlug(lookup.slug.trim())))
      .limit(1);
    return row ? { ...row, isBioDomain: false } : null;
  }
  if (lookup.by === 'customDomain') {
    const domain = normaliseCustomDomain(lookup.domain);
    const [row] = await db
      .select(storeRefColumns)
      .from(customDomains)
      .innerJoin(stores, eq(stores.id, customDomains.storeId))
      .where(and(eq(customDomains.domain, domain), isNotNull(customDomains.verifiedAt)))
      .limit(1);
    return row ? { ...row, customDomain: domain, isBioDomain: false } : null;
  }
  const [row] = await db
    .select(storeRefColumns)
    .from(bioDomains)
    .innerJoin(stores, eq(stores.id, bioDomains.storeId))
    .where(eq(bioDomains.fullDomain, normaliseHost(lookup.fullDomain)))
    .limit(1);
  return row ? { ...row, isBioDomain: true } : null;
}
