import { canonicalizeSlug, type StoreProfile, type StorefrontData } from '@shopfront/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bioDomains, customDomains, stores, type StoreRow } from '../../db/schema/index.ts';
import type { Executor } from '../../identity/db-types.ts';
import { normaliseCustomDomain, normaliseHost } from '../stores/normalise-domain.ts';
import { toStoreProfile } from '../stores/store-profile.ts';

export type StorefrontLookup =
  | { by: 'slug'; slug: string }
  | { by: 'customDomain'; domain: string }
  | { by: 'bioDomain'; fullDomain: string };

export interface StorefrontUrlOptions {
  /** PUBLIC_URL without a trailing slash: the platform URL is `{publicUrl}/{slug}`. */
  publicUrl: string;
}

/** A store row as the storefront reads it, by slug, verified custom domain or bio domain. */
export async function findStorefrontRow(db: Executor, lookup: StorefrontLookup): Promise<StoreRow | null> {
  if (lookup.by === 'slug') {
    const [row] = await db.select().from(stores).where(eq(stores.slug, canonicalizeSlug(lookup.slug.trim()))).limit(1);
    return row ?? null;
  }
  if (lookup.by === 'customDomain') {
    const [row] = await db
      .select({ store: stores })
      .from(customDomains)
      .innerJoin(stores, eq(stores.id, customDomains.storeId))
      .where(and(eq(customDomains.domain, normaliseCustomDomain(lookup.domain)), isNotNull(customDomains.verifiedAt)))
      .limit(1);
    return row?.store ?? null;
  }
  const [row] = await db
    .select({ store: stores })
    .from(bioDomains)
    .innerJoin(stores, eq(stores.id, bioDomains.storeId))
    .where(eq(bioDomains.fullDomain, normaliseHost(lookup.fullDomain)))
    .limit(1);
  return row?.store ?? null;
}

/** Issue 4: the canonical URL uses the store's verified custom domain (https) when it has one. */
export function canonicalStoreUrl(row: Pick<StoreRow, 'slug' | 'customDomain'>, options: StorefrontUrlOptions): string {
  return row.customDomain ? `https://${row.customDomain}/` : `${options.publicUrl}/${row.slug}`;
}

/**
 * Everything one storefront page shows — and nothing more: hidden link blocks never leave the
 * server (the page inlines this data, and anyone can read the JSON). `profile` is the published
 * one unless a draft is given (the owner's preview). Products stay empty until the selling issue.
 */
export function toStorefrontData(
  row: StoreRow,
  options: StorefrontUrlOptions & { profile?: StoreProfile; isPreview?: boolean },
): StorefrontData {
  const profile = options.profile ?? toStoreProfile(row);
  return {
    store: {
      id: row.id,
      slug: row.slug,
      customDomain: row.customDomain,
      profile: { ...profile, links: profile.links.filter((link) => !link.hidden) },
    },
    products: [],
    isPreview: options.isPreview ?? false,
    canonicalUrl: canonicalStoreUrl(row, options),
  };
}

/** The public read (agreed interface, issue 4): the published store, or null when there is none. */
export async function loadPublishedStorefront(
  db: Database,
  lookup: StorefrontLookup,
  options: StorefrontUrlOptions,
): Promise<StorefrontData | null> {
  const row = await findStorefrontRow(db, lookup);
  return row ? toStorefrontData(row, options) : null;
}
