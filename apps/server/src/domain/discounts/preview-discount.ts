import { AppError, PRODUCT_MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { products } from '#src/db/schema/index.ts';
import { applyDiscountCode } from './apply-discount-code.ts';

/** previewDiscount: public, like createCheckout. Only published products of the store; nothing is held. */
export async function previewDiscount(db: Executor, options: { storeId: string; productId: string; code: string; email?: string | undefined; now: Date }) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, options.productId), eq(products.storeId, options.storeId), eq(products.status, 'published')))
    .limit(1);
  if (!product) throw new AppError('not-found', PRODUCT_MESSAGES.notForSale);
  const applied = await applyDiscountCode(db, { ...options, product });
  return { code: applied.discount.code, priceCents: applied.priceCents, discountedCents: applied.discountedCents, currency: product.currency };
}
