import { isBundleableType } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { products, type ProductRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

/**
 * The order bump a product offers right now, or null: set by its creator, and its product still a
 * published download or course of the same store (an unpublished bump is not offered and not sold).
 */
export async function findOfferedBump(
  db: Executor,
  product: Pick<ProductRow, 'id' | 'storeId' | 'bumpProductId' | 'bumpPriceCents'>,
): Promise<{ product: ProductRow; priceCents: number } | null> {
  if (!product.bumpProductId || !product.bumpPriceCents || product.bumpPriceCents <= 0) return null;
  const [bump] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, product.bumpProductId), eq(products.storeId, product.storeId), eq(products.status, 'published')))
    .limit(1);
  if (!bump || bump.id === product.id || !isBundleableType(bump.type)) return null;
  return { product: bump, priceCents: product.bumpPriceCents };
}
