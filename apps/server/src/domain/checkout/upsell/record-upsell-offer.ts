import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { checkoutUpsells, checkouts, products } from '#src/db/schema/index.ts';
import { findOfferedDownsell, findOfferedUpsell, isUpsellCheckout } from './find-offered-upsell.ts';

/**
 * Keeps a paid checkout's offer as the buyer will see it, with the payment method its payment saved
 * for off-session use and the offer to make instead if it is declined (decision 045). Only for a
 * checkout whose product offers an upsell now; an upsell's (or downsell's) own checkout never
 * offers another. Once per checkout: a replayed payment changes nothing.
 */
export async function recordUpsellOffer(
  db: Executor,
  options: { checkoutId: string; paymentMethod: string | null; providerCustomer?: string | null; paidAt: Date },
): Promise<boolean> {
  const [found] = await db
    .select({ checkout: checkouts, product: products })
    .from(checkouts)
    .innerJoin(products, eq(products.id, checkouts.productId))
    .where(eq(checkouts.id, options.checkoutId))
    .limit(1);
  if (!found || !options.paymentMethod || isUpsellCheckout(found.checkout)) return false;
  const offer = await findOfferedUpsell(db, found.product);
  if (!offer) return false;
  const downsell = await findOfferedDownsell(db, found.product, offer);
  const inserted = await db
    .insert(checkoutUpsells)
    .values({
      checkoutId: found.checkout.id,
      storeId: found.checkout.storeId,
      productId: offer.product.id,
      priceCents: offer.priceCents,
      headline: offer.headline,
      paymentMethod: options.paymentMethod,
      providerCustomer: options.providerCustomer ?? null,
      paidAt: options.paidAt,
      ...(downsell
        ? { downsellProductId: downsell.product.id, downsellPriceCents: downsell.priceCents, downsellHeadline: downsell.headline, downsellStatus: 'offered' as const }
        : {}),
    })
    .onConflictDoNothing()
    .returning({ checkoutId: checkoutUpsells.checkoutId });
  return inserted.length > 0;
}
