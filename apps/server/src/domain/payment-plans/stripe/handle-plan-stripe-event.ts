import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '#src/db/client.ts';
import { checkouts, paymentPlans, processedWebhookEvents } from '#src/db/schema/index.ts';
import { fulfilPayment } from '#src/domain/checkout/fulfil-payment.ts';
import { readInvoice } from '#src/domain/memberships/stripe/read-stripe-objects.ts';
import type { Env } from '#src/env.ts';
import { planInvoice, planSubscriptionDeleted, type PlanEventContext, type PlanEventOutcome } from './apply-plan-stripe-event.ts';
import { planBilling, PLAN_METADATA } from './stripe-plan-checkout.ts';

type Loose = Record<string, unknown>;
const obj = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: unknown): string | null => str(value) ?? str(obj(value).id);

const PLAN_EVENT_TYPES = new Set([
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.upcoming',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/**
 * Whether a verified event is about a payment plan: a session, subscription or subscription
 * invoice on a connected account whose metadata (which our session copies to the subscription,
 * and Stripe to its invoices) marks a plan. The handler then checks the plan and the account
 * itself: the metadata only routes.
 */
export function isPlanStripeEvent(event: Stripe.Event): boolean {
  if (!event.account || !PLAN_EVENT_TYPES.has(event.type)) return false;
  const object = obj(event.data.object);
  const metadata = event.type.startsWith('invoice.')
    ? obj(obj(obj(object.parent).subscription_details).metadata ?? obj(object.subscription_details).metadata)
    : obj(object.metadata);
  return metadata[PLAN_METADATA] === 'true';
}

interface Deps {
  db: Database;
  env: Env;
  now: Date;
  log: FastifyBaseLogger;
}

/**
 * A verified connected-account plan event (decision 047). The paid session is the first
 * instalment's payment: fulfilment as for any sale (the order, its grants, receipt and commission,
 * and the plan with its subscription), then the subscription is turned into a schedule that ends
 * it after N payments. Later invoices and the subscription's end become the plan's charges and
 * states, each once per event id in the transaction of its effects (apply-plan-stripe-event.ts).
 */
export async function handlePlanStripeEvent(deps: Deps, event: Stripe.Event): Promise<PlanEventOutcome | 'fulfilled'> {
  const object = obj(event.data.object);
  const account = event.account!;
  switch (event.type) {
    case 'checkout.session.completed':
      return planSessionPaid(deps, event, object);
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const paid = event.type === 'invoice.paid';
      const invoice = readInvoice(object, paid);
      if (!invoice) return 'ignored';
      // The first invoice is the order's (fulfilled from the session); a later one's payment is what a refund names.
      const later = invoice.billingReason !== 'subscription_create';
      const paymentIntent = paid && later ? await planBilling(deps.env).paidIntentOf(account, invoice.id) : null;
      return inEventTransaction(deps, event, invoice.subscriptionId, (ctx) => (later ? planInvoice(ctx, invoice, { paid, paymentIntent }) : Promise.resolve('ignored' as const)));
    }
    case 'customer.subscription.deleted': {
      const subscriptionId = str(object.id);
      if (!subscriptionId) return 'ignored';
      return inEventTransaction(deps, event, subscriptionId, (ctx) => planSubscriptionDeleted(ctx, subscriptionId));
    }
    default:
      // The subscription's other snapshots change nothing a plan keeps: its invoices and its end do.
      return 'ignored';
  }
}

/** The event id is recorded first in the transaction of its effects: a replay, or a delivery racing this one, changes nothing. */
async function inEventTransaction(deps: Deps, event: Stripe.Event, subscriptionId: string, apply: (ctx: PlanEventContext) => Promise<PlanEventOutcome>): Promise<PlanEventOutcome> {
  return deps.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(processedWebhookEvents)
      .values({ eventId: event.id, provider: 'stripe', type: event.type, payload: { subscriptionId, account: event.account ?? null }, processedAt: deps.now })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    if (recorded.length === 0) return 'replay';
    return apply({ tx, env: deps.env, now: deps.now, log: deps.log, account: event.account!, eventId: event.id, createdAt: new Date(event.created * 1000) });
  });
}

/**
 * The buyer paid the plan's session: the checkout must be a plan checkout of ours, made for the
 * event's account (and this session, when known). Fulfilled once per checkout; the schedule is
 * made on every delivery until it exists (a failed Stripe call answers an error, so Stripe
 * delivers the event again).
 */
async function planSessionPaid(deps: Deps, event: Stripe.Event, session: Loose): Promise<'fulfilled' | 'replay' | 'ignored'> {
  if (session.payment_status !== 'paid') return 'ignored';
  const checkoutId = str(session.client_reference_id) ?? str(obj(session.metadata).checkoutId);
  const subscriptionId = idOf(session.subscription);
  if (!checkoutId || !subscriptionId) return 'ignored';
  const [checkout] = await deps.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).limit(1);
  const matches =
    checkout &&
    checkout.provider === 'stripe' &&
    checkout.planInstalments !== null &&
    checkout.providerAccountId === event.account &&
    (checkout.providerSessionId === null || checkout.providerSessionId === session.id);
  if (!matches) {
    deps.log.warn({ eventId: event.id, checkoutId, sessionId: session.id }, 'Stripe plan session does not match a checkout; ignored');
    return 'ignored';
  }
  const invoiceId = idOf(session.invoice);
  const paymentIntent = invoiceId ? await planBilling(deps.env).paidIntentOf(event.account!, invoiceId) : null;
  const result = await fulfilPayment(
    deps.db,
    deps.env,
    {
      eventId: event.id,
      provider: 'stripe',
      checkoutId: checkout.id,
      providerPaymentId: paymentIntent,
      providerSubscriptionId: subscriptionId,
      amountCents: typeof session.amount_total === 'number' ? session.amount_total : -1,
      currency: str(session.currency) ?? '',
      payload: { type: event.type, sessionId: str(session.id), subscriptionId, account: event.account ?? null },
    },
    deps.now,
    deps.log,
  );
  await scheduleEnd(deps, result.orderId);
  return result.replay ? 'replay' : 'fulfilled';
}

/** Checkout cannot end a subscription after N payments: a schedule of N months that then cancels it does (key `plan_<id>_schedule`). */
async function scheduleEnd(deps: Deps, orderId: string): Promise<void> {
  const [plan] = await deps.db.select().from(paymentPlans).where(eq(paymentPlans.orderId, orderId));
  if (!plan || plan.provider !== 'stripe' || !plan.providerSubscriptionId || !plan.providerAccountId) return;
  if (plan.status !== 'active' && plan.status !== 'past_due') return;
  await planBilling(deps.env).scheduleEnd(plan.providerAccountId, { subscriptionId: plan.providerSubscriptionId, instalments: plan.instalments, idempotencyKey: `plan_${plan.id}_schedule` });
}
