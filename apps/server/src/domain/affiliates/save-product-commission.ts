import { AFFILIATE_MESSAGES, AppError } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliateProductRates, products } from '#src/db/schema/index.ts';

/**
 * A product's own commission, or back to the program's default (null). The product must be one
 * of the store's that sells: another store's, an archived one or a link answers like a missing one.
 */
export async function saveProductCommission(db: Executor, options: { storeId: string; productId: string; commissionPercent: number | null }): Promise<void> {
  const [product] = await db
    .select({ id: products.id, status: products.status, type: products.type })
    .from(products)
    .where(and(eq(products.id, options.productId), eq(products.storeId, options.storeId)))
    .limit(1);
  if (!product || product.status === 'archived' || product.type === 'link') throw new AppError('not-found', AFFILIATE_MESSAGES.productNotFound);
  if (options.commissionPercent === null) {
    await db.delete(affiliateProductRates).where(eq(affiliateProductRates.productId, product.id));
    return;
  }
  await db
    .insert(affiliateProductRates)
    .values({ productId: product.id, storeId: options.storeId, commissionPercent: options.commissionPercent })
    .onConflictDoUpdate({ target: affiliateProductRates.productId, set: { commissionPercent: options.commissionPercent } });
}
