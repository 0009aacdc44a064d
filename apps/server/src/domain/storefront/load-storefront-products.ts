import { paymentPlanIssue, planInstalmentAmount, storefrontProductOf, type ProductLayout, type StorefrontProduct, type StorefrontProductDetail } from '@shopfront/core';
import { and, count, desc, eq } from 'drizzle-orm';
import { productFiles, products, type ProductRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { findOfferedBump } from '../checkout/find-offered-bump.ts';
import { loadStorefrontTiers } from '../memberships/load-storefront-tiers.ts';
import { loadStorefrontPostTitles } from '../memberships/posts/load-storefront-post-titles.ts';
import { findBundleItems } from '../products/find-bundle-items.ts';

/** What a visitor may see of one product (docs/selling.md): core's one rule, also the builder's preview. */
export function toStorefrontProduct(row: ProductRow): StorefrontProduct {
  return storefrontProductOf(row);
}

/**
 * The storefront order (docs/selling.md): the ids of `productLayout.order` first, in that order,
 * then every other product newest first. `rows` must already be newest first.
 */
export function orderProducts<T extends { id: string }>(rows: readonly T[], layout: ProductLayout): T[] {
  const rank = new Map(layout.order.map((id, index) => [id, index]));
  return rows
    .map((row, index) => ({ row, key: rank.get(row.id) ?? layout.order.length + index }))
    .sort((a, b) => a.key - b.key)
    .map(({ row }) => row);
}

/**
 * The store's published products for its landing, in the storefront order. `productLayout.hidden`
 * ones are unlisted: left out here (and so out of the page's inlined data), still reachable at
 * their own URL — the same rule as the web's arrangeProducts.
 */
export async function loadStorefrontProducts(db: Executor, storeId: string, layout: ProductLayout): Promise<StorefrontProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.status, 'published')))
    .orderBy(desc(products.createdAt), desc(products.id));
  const hidden = new Set(layout.hidden);
  return orderProducts(
    rows.filter((row) => !hidden.has(row.id)),
    layout,
  ).map(toStorefrontProduct);
}

/** One published product of the store by its slug, for its page; null when there is none. */
export async function loadStorefrontProductDetail(db: Executor, storeId: string, productSlug: string): Promise<StorefrontProductDetail | null> {
  const slug = productSlug.trim().toLowerCase();
  if (!slug || slug.length > 100) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.slug, slug), eq(products.status, 'published')))
    .limit(1);
  if (!row) return null;
  const [files] = await db.select({ n: count() }).from(productFiles).where(eq(productFiles.productId, row.id));
  const includes = (await findBundleItems(db, [row.id])).get(row.id) ?? [];
  const bump = row.type === 'link' ? null : await findOfferedBump(db, row);
  return {
    ...toStorefrontProduct(row),
    // Sanitised by the products domain on write (sanitize-html); the page renders it as HTML.
    descriptionHtml: row.descriptionHtml,
    fileCount: row.type === 'digital' ? Number(files?.n ?? 0) : 0,
    includes: includes.map((item) => ({ title: item.title, fileCount: item.fileCount })),
    bump: bump ? { title: bump.product.title, priceCents: bump.priceCents } : null,
    plan: row.planInstalments !== null && !paymentPlanIssue(row) ? { instalments: row.planInstalments, instalmentCents: planInstalmentAmount(row, row.planInstalments) } : null,
    ...(row.type === 'membership' ? { membershipTiers: await loadStorefrontTiers(db, row.id), membershipPosts: await loadStorefrontPostTitles(db, row.id) } : {}),
  };
}
