// Exports the storefront page data (toStorefrontData, storefrontDataFor) and the public read loadPublishedStorefront:
// one module because the public page and the owner's preview build the same data.
import {
  canonicalProductUrl,
  canonicalStoreUrl,
  type StoreKey,
  type StoreProfile,
  type StorefrontData,
  type StorefrontProduct,
  type StorefrontProductDetail,
} from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import type { StoreRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { findStoreByKey } from '../stores/find-store-by-key.ts';
import { toStoreProfile } from '../stores/store-profile.ts';
import { loadStorefrontProductDetail, loadStorefrontProducts } from './load-storefront-products.ts';

export interface StorefrontUrlOptions {
  /** PUBLIC_URL without a trailing slash: the platform URL is `{publicUrl}/{slug}`. */
  publicUrl: string;
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
    canonicalUrl: product
      ? canonicalProductUrl(row, product.slug, { origin: options.publicUrl })
      : canonicalStoreUrl(row, { origin: options.publicUrl }),
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
 * The public read: the published store, or null when there is none or it is offline
 * (`offline_reason` set: visitors get the offline page instead).
 * With `productSlug`, `product` is that published product, or null (not found).
 */
export async function loadPublishedStorefront(
  db: Database,
  key: StoreKey,
  options: StorefrontPageOptions,
): Promise<StorefrontData | null> {
  const row = await findStoreByKey(db, key);
  return row && row.offlineReason === null ? storefrontDataFor(db, row, options) : null;
}
