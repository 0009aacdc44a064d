import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '#src/db/client.ts';
import { checkouts, orders, processedWebhookEvents } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { fulfilPayment } from './fulfil-payment.ts';

export type StripeEventOutcome = 'fulfilled' | 'replay' | 'refunded' | 'ignored';

interface Deps {
  db: Database;
  env: Env;
  now: Date;
  log: FastifyBaseLogger;
}

/**
 * A verified Stripe event (the route ran `constructEvent`). A paid Checkout Session becomes the
 * internal PaymentSucceeded; `charge.refunded` marks the order refunded. Each is processed once
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

async function chargeRefunded(deps: Deps, event: Stripe.Event, charge: Stripe.Charge): Promise<StripeEventOutcome> {
  const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (!paymentIntent || !charge.refunded) return 'ignored';
  return deps.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(processedWebhookEvents)
      .values({ eventId: event.id, provider: 'stripe', type: event.type, payload: { chargeId: charge.id }, processedAt: deps.now })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    if (recorded.length === 0) return 'replay';
    const updated = await tx
      .update(orders)
      // Fully refunded (possibly in Stripe's own dashboard): the refunded total is the whole amount.
      .set({ status: 'refunded', refundedCents: sql`${orders.amountCents}`, refundedAt: deps.now, updatedAt: deps.now })
      .where(
        and(
          eq(orders.provider, 'stripe'),
          eq(orders.providerPaymentId, paymentIntent),
          eq(orders.status, 'paid'),
          event.account ? eq(orders.providerAccountId, event.account) : undefined,
        ),
      )
      .returning({ id: orders.id });
    return updated.length > 0 ? 'refunded' : 'ignored';
  });
}
