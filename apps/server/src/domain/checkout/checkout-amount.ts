import { AppError, COMMERCE_MESSAGES, PRODUCT_LIMITS } from '@shopfront/core';
import type { ProductRow } from '#src/db/schema/index.ts';

/**
 * What the buyer pays, in minor units: a fixed price ignores any client amount; free products
 * and lead magnets are 0; pay-what-you-want takes the buyer's amount, at least the minimum and,
 * when not 0, at least the smallest charge a provider takes.
 */
export function checkoutAmount(product: Pick<ProductRow, 'type' | 'priceMode' | 'priceCents' | 'minPriceCents'>, amount: number | undefined): number {
  if (product.type === 'lead-magnet' || product.priceMode === 'free') return 0;
  if (product.priceMode === 'fixed') return product.priceCents;
  if (amount === undefined) throw new AppError('invalid-argument', COMMERCE_MESSAGES.amountRequired);
  if (amount < product.minPriceCents || (amount > 0 && amount < PRODUCT_LIMITS.minPriceCents)) {
    throw new AppError('invalid-argument', COMMERCE_MESSAGES.amountTooLow);
  }
  return amount;
}
