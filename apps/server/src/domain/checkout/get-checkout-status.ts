import { AppError, COMMERCE_MESSAGES, type FunctionOutput } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { orders } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { loadCheckout } from './load-checkout.ts';

/**
 * The thank-you page's read. The checkout id is the capability (unguessable, ~103 bits); an open
 * checkout past its expiry reads as expired.
 */
export async function getCheckoutStatus(db: Executor, checkoutId: string, now: Date): Promise<FunctionOutput<'getCheckoutStatus'>> {
  const context = await loadCheckout(db, checkoutId);
  if (!context) throw new AppError('not-found', COMMERCE_MESSAGES.checkoutNotFound);
  const { checkout, product, store } = context;
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkout.id));
  const expired = checkout.status === 'open' && checkout.expiresAt.getTime() <= now.getTime();
  return {
    status: expired ? 'expired' : checkout.status,
    orderId: order?.id ?? null,
    productTitle: product.title,
    productType: product.type,
    storeSlug: store.slug,
    amountCents: checkout.amountCents,
    currency: checkout.currency,
  };
}
