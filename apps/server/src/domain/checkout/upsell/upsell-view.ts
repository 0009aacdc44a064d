import { UPSELL_LIMITS, type ThankYouOffer, type ThankYouUpsell } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { checkoutUpsells, orders, products, type CheckoutUpsellRow } from '#src/db/schema/index.ts';

/** Whether the offer may still be taken: UPSELL_LIMITS.windowMinutes after the first payment. */
export function upsellOpen(offer: Pick<CheckoutUpsellRow, 'paidAt'>, now: Date): boolean {
  return now.getTime() - offer.paidAt.getTime() < UPSELL_LIMITS.windowMinutes * 60_000;
}

/**
 * The thank-you page's view of a checkout's upsell, or null when it has none; with the downsell
 * once the upsell was declined and the checkout has one (the same window from the first payment).
 */
export async function upsellView(db: Executor, checkoutId: string, now: Date): Promise<ThankYouUpsell | null> {
  const [offer] = await db.select().from(checkoutUpsells).where(eq(checkoutUpsells.checkoutId, checkoutId)).limit(1);
  if (!offer) return null;
  const upsell = await offerView(db, offer, now, { productId: offer.productId, priceCents: offer.priceCents, headline: offer.headline, status: offer.status, message: offer.failureMessage, checkoutId: offer.upsellCheckoutId });
  if (!upsell) return null;
  const downsell =
    offer.status === 'declined' && offer.downsellProductId && offer.downsellPriceCents && offer.downsellStatus
      ? await offerView(db, offer, now, {
          productId: offer.downsellProductId,
          priceCents: offer.downsellPriceCents,
          headline: offer.downsellHeadline,
          status: offer.downsellStatus,
          message: offer.downsellFailureMessage,
          checkoutId: offer.downsellCheckoutId,
        })
      : null;
  return { ...upsell, ...(downsell ? { downsell } : {}) };
}

async function offerView(
  db: Executor,
  row: CheckoutUpsellRow,
  now: Date,
  offer: { productId: string; priceCents: number; headline: string | null; status: CheckoutUpsellRow['status']; message: string | null; checkoutId: string | null },
): Promise<ThankYouOffer | null> {
  const [product] = await db.select({ title: products.title, priceCents: products.priceCents, currency: products.currency }).from(products).where(eq(products.id, offer.productId));
  if (!product) return null;
  const [order] = offer.checkoutId ? await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, offer.checkoutId)) : [];
  return {
    productId: offer.productId,
    title: product.title,
    headline: offer.headline,
    priceCents: offer.priceCents,
    normalPriceCents: product.priceCents,
    currency: product.currency,
    status: offer.status === 'offered' && !upsellOpen(row, now) ? 'ended' : offer.status,
    message: offer.message,
    checkoutId: offer.status === 'accepted' ? offer.checkoutId : null,
    orderId: order?.id ?? null,
  };
}
