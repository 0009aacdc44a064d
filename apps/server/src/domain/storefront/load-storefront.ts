import { canonicalizeSlug, type StoreProfile, type StorefrontData, type StorefrontProduct, type StorefrontProductDetail } from '@shopfront/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bioDomains, customDomains, stores, type StoreRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/identity/db-types.ts';
import { normaliseCustomDomain, normaliseHost } from '../stores/normalise-domain.ts';
import { toStoreProfile } from '../stores/store-profile.ts';
import { loadStorefrontProductDetail, loadStorefrontProducts } from './load-storefront-products.ts';

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

/** A product page's canonical URL: `/p/{productSlug}` under the store's canonical URL. */
export function canonicalProductUrl(row: Pick<StoreRow, 'slug' | 'customDomain'>, productSlug: string, options: StorefrontUrlOptions): string {
  const store = canonicalStoreUrl(row, options);
  return `${store.endsWith('/') ? store.slice(0, -1) : store}/p/${encodeURIComponent(productSlug)}`;
}

/**
 * Everything one storefront page shows — and nothing more: hidden link blocks never leave the
 * server (the page inlines this data, and anyone can read the JSON). `profile` is the published
 * one unless a draft is given (the owner's preview). `product` is set on a product page.
 */
export function toStorefrontData(
  row: StoreRow,
  options: StorefrontUrlOptions & {
    profile?: StoreProfile;
    isPreview?: boolean;
    products?: StorefrontProduct[];
    product?: StorefrontProductDetail | null;
  },
): StorefrontData {
  const profile = options.profile ?? toStoreProfile(row);
  const product = options.product ?? null;
  return {
    store: {
      id: row.id,
      slug: row.slug,
      customDomain: row.customDomain,
      profile: { ...profile, links: profile.links.filter((link) => !link.hidden) },
    },
    products: options.products ?? [],
    isPreview: options.isPreview ?? false,
    ...(product ? { product } : {}),
    canonicalUrl: product ? canonicalProductUrl(row, product.slug, options) : canonicalStoreUrl(row, options),
  };
}

/** What a page asks for beyond the store: a product page names its product. */
export interface StorefrontPageOptions extends StorefrontUrlOptions {
  productSlug?: string;
}

/**
 * One store's page data with its published products, laid out by `profile` (the published
 * profile, or the owner's draft for a preview). On a product page, `product` is the product or
 * null when the store has no published product by that slug (the caller answers 404).
 */
export async function storefrontDataFor(
  db: Executor,
  row: StoreRow,
  options: StorefrontPageOptions & { profile?: StoreProfile; isPreview?: boolean },
): Promise<StorefrontData> {
  const profile = options.profile ?? toStoreProfile(row);
  const [products, product] = await Promise.all([
    loadStorefrontProducts(db, row.id, profile.productLayout),
    options.productSlug === undefined ? Promise.resolve(undefined) : loadStorefrontProductDetail(db, row.id, options.productSlug),
  ]);
  const data = toStorefrontData(row, { ...options, profile, products, product });
  return product === null ? { ...data, product: null } : data;
}

/**
 * The public read (agreed interface, issue 4): the published store, or null when there is none.
 * With `productSlug`, `product` is that published product, or null (not found).
 */
export async function loadPublishedStorefront(
  db: Database,
  lookup: StorefrontLookup,
  options: StorefrontPageOptions,
): Promise<StorefrontData | null> {
  const row = await findStorefrontRow(db, lookup);
  return row ? storefrontDataFor(db, row, options) : null;
}
