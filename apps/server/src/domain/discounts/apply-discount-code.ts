import { AppError, DISCOUNT_MESSAGES, discountedPrice } from '@shopfront/core';
import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { checkouts, discountCodes, discountRedemptions, type DiscountCodeRow, type ProductRow } from '#src/db/schema/index.ts';
import { usesCounted } from './discount-query.ts';

export interface AppliedDiscount {
  discount: DiscountCodeRow;
  priceCents: number;
  discountedCents: number;
}

interface ApplyOptions {
  storeId: string;
  product: Pick<ProductRow, 'id' | 'type' | 'priceMode' | 'priceCents' | 'currency'>;
  code: string;
  /** The buyer's email, for the per-buyer limit; the preview may not know it yet. */
  email?: string | undefined;
  now: Date;
  /** Inside the checkout's transaction: lock the code row so parallel checkouts count in turn. */
  lock?: boolean;
}

/**
 * The price of `product` with `code`, refused with the buyer-facing message when the code does
 * not apply. Unknown, inactive, expired and other stores' codes answer alike. Uses counted are
 * the completed checkouts and the open ones still within their time (see usesCounted).
 */
export async function applyDiscountCode(db: Executor, options: ApplyOptions): Promise<AppliedDiscount> {
  const { product, now } = options;
  const query = db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.storeId, options.storeId), eq(discountCodes.code, options.code.toUpperCase())))
    .limit(1);
  const [discount] = options.lock ? await query.for('update') : await query;
  if (!discount || !discount.active || (discount.expiresAt && discount.expiresAt <= now)) {
    throw new AppError('invalid-argument', DISCOUNT_MESSAGES.notValid);
  }
  const fixedPrice = product.priceMode === 'fixed' && product.type !== 'lead-magnet' && product.priceCents > 0;
  const sameCurrency = discount.kind === 'percent' || discount.currency === product.currency;
  if (!fixedPrice || !sameCurrency || (discount.productId && discount.productId !== product.id)) {
    throw new AppError('invalid-argument', DISCOUNT_MESSAGES.notForProduct);
  }
  if (discount.maxUses !== null && (await usesOf(db, discount.id, now)) >= discount.maxUses) {
    throw new AppError('failed-precondition', DISCOUNT_MESSAGES.usedUp);
  }
  if (options.email && discount.maxUsesPerEmail !== null && (await usesOf(db, discount.id, now, options.email)) >= discount.maxUsesPerEmail) {
    throw new AppError('failed-precondition', DISCOUNT_MESSAGES.usedByEmail);
  }
  return { discount, priceCents: product.priceCents, discountedCents: discountedPrice(product.priceCents, discount) };
}

async function usesOf(db: Executor, discountId: string, now: Date, email?: string): Promise<number> {
  const [row] = await db
    .select({ uses: count() })
    .from(discountRedemptions)
    .innerJoin(checkouts, eq(checkouts.id, discountRedemptions.checkoutId))
    .where(and(eq(discountRedemptions.discountId, discountId), email ? eq(discountRedemptions.email, email.toLowerCase()) : undefined, usesCounted(now)));
  return row?.uses ?? 0;
}
