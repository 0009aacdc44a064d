import type { BundleItem } from '@shopfront/core';
import { asc, count, eq } from 'drizzle-orm';
import { bundleItems, productFiles, products } from '#src/db/schema/index.ts';
import { anyOf } from '#src/db/any-of.ts';
import type { Executor } from '#src/db/executor.ts';

/** The included products of each of `bundleIds` (titles and file counts), in the creator's order. */
export async function findBundleItems(db: Executor, bundleIds: readonly string[]): Promise<Map<string, BundleItem[]>> {
  const byBundle = new Map<string, BundleItem[]>();
  if (bundleIds.length === 0) return byBundle;
  const rows = await db
    .select({ bundleId: bundleItems.bundleProductId, productId: products.id, title: products.title })
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.productId))
    .where(anyOf(bundleItems.bundleProductId, bundleIds))
    .orderBy(asc(bundleItems.position));
  const counts = rows.length
    ? await db
        .select({ productId: productFiles.productId, n: count() })
        .from(productFiles)
        .where(anyOf(productFiles.productId, rows.map((row) => row.productId)))
        .groupBy(productFiles.productId)
    : [];
  const fileCount = new Map(counts.map((row) => [row.productId, Number(row.n)]));
  for (const row of rows) {
    const list = byBundle.get(row.bundleId) ?? [];
    list.push({ productId: row.productId, title: row.title, fileCount: fileCount.get(row.productId) ?? 0 });
    byBundle.set(row.bundleId, list);
  }
  return byBundle;
}
