import { randomBytes } from 'node:crypto';
import { addStripeInterval, type StandInSubscription } from './stripe-stand-in-subscriptions.ts';

/**
 * Connected-account events as Stripe sends them to a Connect platform's webhook: `account` names
 * the creator's account, `created` (seconds) is when Stripe made the event. Sign them with
 * signedStripeWebhook (stripe-stand-in.ts).
 */
interface Common {
  account: string;
  /** Seconds since the epoch. */
  created: number;
  eventId?: string;
}

const eventId = () => `evt_${randomBytes(10).toString('hex')}`;
const envelope = (common: Common, type: string, object: unknown) => ({
  id: common.eventId ?? eventId(),
  object: 'event',
  api_version: '2026-10-28.endive',
  type,
  account: common.account,
  created: common.created,
  livemode: false,
  pending_webhooks: 1,
  data: { object },
});

/** `checkout.session.completed` for a subscription-mode session (completeSubscriptionSession's `session`). */
export function connectedSessionCompleted(options: Common & { session: Record<string, unknown> }) {
  return envelope(options, 'checkout.session.completed', options.session);
}

/** `customer.subscription.*` with the subscription as it is now (a snapshot: later changes do not leak in). */
export function connectedSubscriptionEvent(
  options: Common & {
    type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted' | 'customer.subscription.trial_will_end';
    subscription: StandInSubscription;
  },
) {
  return envelope(options, options.type, JSON.parse(JSON.stringify(options.subscription)));
}

/**
 * `invoice.paid` / `invoice.payment_failed` for a subscription's invoice, in the current API shape:
 * the subscription under `parent.subscription_details`, the period billed on the line.
 */
export function connectedInvoiceEvent(
  options: Common & {
    type: 'invoice.paid' | 'invoice.payment_failed';
    subscription: StandInSubscription;
    billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
    /** The period the invoice bills (seconds); the subscription's current period by default. */
    period?: { start: number; end: number };
    amount?: number;
    /** Stripe counts every attempt, the first included. */
    attemptCount?: number;
    /** When Smart Retries try again (seconds); null after the last attempt. */
    nextPaymentAttempt?: number | null;
    invoiceId?: string;
  },
) {
  const item = options.subscription.items.data[0]!;
  const period = options.period ?? { start: item.current_period_start, end: item.current_period_end };
  const amount = options.amount ?? item.price.unit_amount;
  const paid = options.type === 'invoice.paid';
  return envelope(options, options.type, {
    id: options.invoiceId ?? `in_${randomBytes(10).toString('hex')}`,
    object: 'invoice',
    customer: options.subscription.customer,
    billing_reason: options.billingReason,
    status: paid ? 'paid' : 'open',
    currency: item.price.currency,
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    attempt_count: options.attemptCount ?? 1,
    next_payment_attempt: paid ? null : (options.nextPaymentAttempt ?? null),
    period_start: period.start,
    period_end: period.end,
    parent: { type: 'subscription_details', subscription_details: { subscription: options.subscription.id, metadata: options.subscription.metadata } },
    lines: {
      object: 'list',
      data: [{ id: `il_${randomBytes(8).toString('hex')}`, object: 'line_item', amount, currency: item.price.currency, period, pricing: { price_details: { price: item.price.id } } }],
    },
  });
}

/**
 * `invoice.upcoming` ahead of a subscription's renewal: a preview invoice (Stripe gives it no id),
 * its line billing the next period, which starts where the current one ends.
 */
export function connectedUpcomingInvoiceEvent(options: Common & { subscription: StandInSubscription }) {
  const item = options.subscription.items.data[0]!;
  const start = item.current_period_end;
  const period = { start, end: addStripeInterval(start, item.price.recurring?.interval ?? 'month') };
  return envelope(options, 'invoice.upcoming', {
    object: 'invoice',
    customer: options.subscription.customer,
    billing_reason: 'upcoming',
    status: 'draft',
    currency: item.price.currency,
    amount_due: item.price.unit_amount,
    amount_paid: 0,
    attempt_count: 0,
    next_payment_attempt: start,
    parent: { type: 'subscription_details', subscription_details: { subscription: options.subscription.id, metadata: options.subscription.metadata } },
    lines: {
      object: 'list',
      data: [{ id: `il_tmp_${randomBytes(8).toString('hex')}`, object: 'line_item', amount: item.price.unit_amount, currency: item.price.currency, period, pricing: { price_details: { price: item.price.id } } }],
    },
  });
}

/** `refund.created` / `refund.updated` for a refund made on the account (the stand-in's answer to `refunds.create`). */
export function connectedRefundEvent(options: Common & { type: 'refund.created' | 'refund.updated'; refund: Record<string, unknown> }) {
  return envelope(options, options.type, { ...options.refund });
}
