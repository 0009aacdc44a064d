import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '#src/db/client.ts';
import { checkouts, orders, processedWebhookEvents, products, type CheckoutRow } from '#src/db/schema/index.ts';
import { savedPaymentMethod } from '#src/providers/payments/index.ts';
import type { Env } from '#src/env.ts';
import { newId } from '#src/db/ids.ts';
import { recordRefund } from '../orders/record-refund.ts';
import { fulfilPayment } from './fulfil-payment.ts';
import { findOfferedUpsell } from './upsell/find-offered-upsell.ts';
import { recordUpsellOffer } from './upsell/record-upsell-offer.ts';

export type StripeEventOutcome = 'fulfilled' | 'replay' | 'refunded' | 'ignored';

interface Deps {
  db: Database;
  env: Env;
  now: Date;
  log: FastifyBaseLogger;
}

/**
 * A verified Stripe event (the route ran `constructEvent`). A paid Checkout Session becomes the
 * internal PaymentSucceeded; `charge.refunded` brings the order's refunds up to Stripe's. Each is processed once
 * per event id, in the transaction of its effect.
 */
export async function handleStripeEvent(deps: Deps, event: Stripe.Event): Promise<StripeEventOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionPaid(deps, event, event.data.object);
    case 'charge.refunded':
      return chargeRefunded(deps, event, event.data.object);
    default:
      return 'ignored';
  }
}

async function sessionPaid(deps: Deps, event: Stripe.Event, session: Stripe.Checkout.Session): Promise<StripeEventOutcome> {
  if (session.payment_status !== 'paid') return 'ignored';
  const checkoutId = session.client_reference_id ?? session.metadata?.checkoutId ?? null;
  if (!checkoutId) return 'ignored';
  const [checkout] = await deps.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).limit(1);
  // The session must be the one we created, on the account the checkout was made for.
  const matches =
    checkout &&
    checkout.provider === 'stripe' &&
    (checkout.providerSessionId === null || checkout.providerSessionId === session.id) &&
    (!event.account || event.account === checkout.providerAccountId);
  if (!matches) {
    deps.log.warn({ eventId: event.id, checkoutId, sessionId: session.id }, 'Stripe session does not match a checkout; ignored');
    return 'ignored';
  }
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  // Kept before the order is made, so the thank-you page sees the offer with the paid checkout.
  await saveUpsellMethod(deps, { checkout, paymentIntent });
  const result = await fulfilPayment(
    deps.db,
    deps.env,
    {
      eventId: event.id,
      provider: 'stripe',
      checkoutId: checkout.id,
      providerPaymentId: paymentIntent,
      amountCents: session.amount_total ?? -1,
      currency: session.currency ?? '',
      payload: { type: event.type, sessionId: session.id, account: event.account ?? null },
    },
    deps.now,
    deps.log,
  );
  return result.replay ? 'replay' : 'fulfilled';
}

/**
 * A checkout whose product offers a one-click upsell was paid with `setup_future_usage`: its
 * PaymentIntent names the saved payment method and customer (decision 045). Reading it never fails
 * the payment: without it the offer is simply not made.
 */
async function saveUpsellMethod(deps: Deps, options: { checkout: CheckoutRow; paymentIntent: string | null }): Promise<void> {
  const { checkout, paymentIntent } = options;
  const stripe = deps.env.payments.stripe;
  if (!paymentIntent || !checkout.providerAccountId || !stripe) return;
  const [product] = await deps.db.select().from(products).where(eq(products.id, checkout.productId));
  if (!product || !(await findOfferedUpsell(deps.db, product))) return;
  try {
    const saved = await savedPaymentMethod(stripe, { accountId: checkout.providerAccountId, paymentIntentId: paymentIntent });
    await recordUpsellOffer(deps.db, { checkoutId: checkout.id, paymentMethod: saved.paymentMethod, providerCustomer: saved.customer, paidAt: deps.now });
  } catch (error) {
    deps.log.warn({ err: error, checkoutId: checkout.id }, 'saved payment method not read; no upsell offered');
  }
}

/**
 * `charge.refunded` comes for every refund, ours and those made in Stripe's own dashboard, with the
 * charge's cumulative `amount_refunded`. The order catches up to that total: the difference is
 * booked as one refund (with the buyer's email); a total the order already has (our own refund,
 * or an older event arriving late) changes nothing, so replays and reordering are harmless.
 */
async function chargeRefunded(deps: Deps, event: Stripe.Event, charge: Stripe.Charge): Promise<StripeEventOutcome> {
  const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (!paymentIntent) return 'ignored';
  return deps.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(processedWebhookEvents)
      .values({ eventId: event.id, provider: 'stripe', type: event.type, payload: { chargeId: charge.id }, processedAt: deps.now })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    if (recorded.length === 0) return 'replay';
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.provider, 'stripe'),
          eq(orders.providerPaymentId, paymentIntent),
          event.account ? eq(orders.providerAccountId, event.account) : undefined,
        ),
      )
      .limit(1)
      .for('update');
    if (!order || order.status === 'refunded') return 'ignored';
    // Older events may lack amount_refunded; `refunded: true` alone means the whole charge.
    const stripeTotal = typeof charge.amount_refunded === 'number' ? charge.amount_refunded : charge.refunded ? order.amountCents : 0;
    const amountCents = Math.min(stripeTotal, order.amountCents) - order.refundedCents;
    if (amountCents <= 0) return 'ignored';
    const latest = charge.refunds?.data?.[0]?.id ?? null;
    await recordRefund(tx, order, { refundId: newId('rf'), amountCents, providerRefundId: latest, now: deps.now });
    return 'refunded';
  });
}
