import { AppError, PRODUCT_MESSAGES, isBundleableType } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { products, type ProductRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { fieldError } from './product-rules.ts';

const M = PRODUCT_MESSAGES;

/**
 * The order bump rules (docs/selling.md "Order bumps"): a published download or course of the same store,
 * not the product itself, at a price above 0 and below the bump product's own price. Another
 * store's product answers like a missing one. Answers the canonical pair to store.
 */
export async function assertOrderBump(
  tx: Executor,
  options: { product: Pick<ProductRow, 'id' | 'storeId' | 'type'>; bumpProductId: string | null; bumpPriceCents: number | null },
): Promise<{ bumpProductId: string | null; bumpPriceCents: number | null }> {
  const { product, bumpProductId, bumpPriceCents } = options;
  if (bumpProductId === null) return { bumpProductId: null, bumpPriceCents: null };
  // A membership is joined by its own checkout, which has no order bump.
  if (product.type === 'membership') throw fieldError('bumpProductId', M.membershipNoBump);
  if (bumpProductId === product.id) throw fieldError('bumpProductId', M.bumpIsSelf);
  const [bump] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, bumpProductId), eq(products.storeId, product.storeId)))
    .limit(1);
  if (!bump || bump.status === 'archived') throw new AppError('not-found', M.bumpNotFound);
  if (!isBundleableType(bump.type)) throw fieldError('bumpProductId', M.bumpNotDownload);
  if (bump.status !== 'published') throw fieldError('bumpProductId', M.bumpNotPublished);
  if (bumpPriceCents === null) throw fieldError('bumpPriceCents', M.bumpPriceRequired);
  if (bumpPriceCents <= 0) throw fieldError('bumpPriceCents', M.bumpPriceTooLow);
  if (bumpPriceCents >= bump.priceCents) throw fieldError('bumpPriceCents', M.bumpPriceNotLower);
  return { bumpProductId, bumpPriceCents };
}
