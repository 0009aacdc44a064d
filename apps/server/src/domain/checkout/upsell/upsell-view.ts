import { UPSELL_LIMITS, type ThankYouUpsell } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { checkoutUpsells, orders, products, type CheckoutUpsellRow } from '#src/db/schema/index.ts';

/** Whether the offer may still be taken: UPSELL_LIMITS.windowMinutes after the first payment. */
export function upsellOpen(offer: Pick<CheckoutUpsellRow, 'paidAt'>, now: Date): boolean {
  return now.getTime() - offer.paidAt.getTime() < UPSELL_LIMITS.windowMinutes * 60_000;
}

/** The thank-you page's view of a checkout's upsell, or null when it has none. */
export async function upsellView(db: Executor, checkoutId: string, now: Date): Promise<ThankYouUpsell | null> {
  const [row] = await db
    .select({ offer: checkoutUpsells, product: { title: products.title, priceCents: products.priceCents, currency: products.currency } })
    .from(checkoutUpsells)
    .innerJoin(products, eq(products.id, checkoutUpsells.productId))
    .where(eq(checkoutUpsells.checkoutId, checkoutId))
    .limit(1);
  if (!row) return null;
  const { offer, product } = row;
  const [order] = offer.upsellCheckoutId ? await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, offer.upsellCheckoutId)) : [];
  const status = offer.status === 'offered' && !upsellOpen(offer, now) ? 'ended' : offer.status;
  return {
    productId: offer.productId,
    title: product.title,
    headline: offer.headline,
    priceCents: offer.priceCents,
    normalPriceCents: product.priceCents,
    currency: product.currency,
    status,
    message: offer.failureMessage,
    checkoutId: offer.status === 'accepted' ? offer.upsellCheckoutId : null,
    orderId: order?.id ?? null,
  };
}
