// Exports readSubscription and readInvoice: the fields of Stripe's objects memberships use, read defensively.
import type { MembershipInterval } from '#src/db/schema/index.ts';

type Loose = Record<string, unknown>;
const obj = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const idOf = (value: unknown): string | null => str(value) ?? str(obj(value).id);
const list = (value: unknown): unknown[] => (Array.isArray(obj(value).data) ? (obj(value).data as unknown[]) : []);
const date = (seconds: number | null): Date | null => (seconds === null ? null : new Date(seconds * 1000));

export interface SubscriptionSnapshot {
  id: string;
  customerId: string | null;
  status: string | null;
  cancelScheduled: boolean;
  cancelComment: string | null;
  paused: boolean;
  /** `pause_collection.resumes_at`: when Stripe ends the pause by itself (null: until asked). */
  pausedUntil: Date | null;
  trialEnd: Date | null;
  itemId: string | null;
  priceId: string | null;
  priceCents: number | null;
  currency: string | null;
  interval: MembershipInterval | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  latestInvoiceId: string | null;
  metadata: Record<string, string>;
}

/**
 * A subscription as any recent API version sends it: the period sits on the item since
 * 2025-03-31 (and on the subscription before), a cancellation is `cancel_at_period_end` or a
 * `cancel_at` date, a pause is `pause_collection`.
 */
export function readSubscription(value: unknown): SubscriptionSnapshot | null {
  const subscription = obj(value);
  const id = str(subscription.id);
  if (!id) return null;
  const item = obj(list(subscription.items)[0]);
  const price = obj(item.price);
  const interval = str(obj(price.recurring).interval);
  const metadata = Object.fromEntries(Object.entries(obj(subscription.metadata)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return {
    id,
    customerId: idOf(subscription.customer),
    status: str(subscription.status),
    cancelScheduled: subscription.cancel_at_period_end === true || num(subscription.cancel_at) !== null,
    cancelComment: str(obj(subscription.cancellation_details).comment),
    paused: subscription.pause_collection !== null && subscription.pause_collection !== undefined && subscription.pause_collection !== '',
    pausedUntil: date(num(obj(subscription.pause_collection).resumes_at)),
    trialEnd: date(num(subscription.trial_end)),
    itemId: str(item.id),
    priceId: idOf(item.price),
    priceCents: num(price.unit_amount),
    currency: str(price.currency),
    interval: interval === 'month' || interval === 'year' ? interval : null,
    periodStart: date(num(item.current_period_start) ?? num(subscription.current_period_start)),
    periodEnd: date(num(item.current_period_end) ?? num(subscription.current_period_end)),
    latestInvoiceId: idOf(subscription.latest_invoice),
    metadata,
  };
}

export interface InvoiceSnapshot {
  id: string;
  subscriptionId: string;
  billingReason: string | null;
  amountCents: number;
  currency: string | null;
  attemptCount: number;
  nextPaymentAttempt: Date | null;
  /** The subscription period this invoice bills (its line's period). */
  periodStart: Date | null;
  periodEnd: Date | null;
}

/** An invoice of a subscription: the subscription under `parent.subscription_details` (or, older, `subscription`). */
export function readInvoice(value: unknown, paid: boolean): InvoiceSnapshot | null {
  const invoice = obj(value);
  const id = str(invoice.id);
  const subscriptionId = idOf(obj(obj(invoice.parent).subscription_details).subscription) ?? idOf(invoice.subscription);
  if (!id || !subscriptionId) return null;
  // The line with the latest period is the subscription's; proration lines bill part of a period.
  const periods = list(invoice.lines)
    .map((line) => obj(obj(line).period))
    .map((period) => ({ start: num(period.start), end: num(period.end) }))
    .filter((period): period is { start: number; end: number } => period.start !== null && period.end !== null)
    .sort((a, b) => b.end - a.end);
  const period = periods[0] ?? null;
  return {
    id,
    subscriptionId,
    billingReason: str(invoice.billing_reason),
    amountCents: (paid ? num(invoice.amount_paid) : num(invoice.amount_due)) ?? 0,
    currency: str(invoice.currency),
    attemptCount: num(invoice.attempt_count) ?? 1,
    nextPaymentAttempt: date(num(invoice.next_payment_attempt)),
    periodStart: date(period?.start ?? null),
    periodEnd: date(period?.end ?? null),
  };
}

export interface UpcomingInvoiceSnapshot {
  subscriptionId: string;
  /** When the renewal it announces is charged: the start of the period its subscription line bills. */
  renewsAt: Date | null;
}

/** `invoice.upcoming`'s invoice: a preview without an id, its line billing the next period. */
export function readUpcomingInvoice(value: unknown): UpcomingInvoiceSnapshot | null {
  const invoice = obj(value);
  const subscriptionId = idOf(obj(obj(invoice.parent).subscription_details).subscription) ?? idOf(invoice.subscription);
  if (!subscriptionId) return null;
  const starts = list(invoice.lines)
    .map((line) => num(obj(obj(line).period).start))
    .filter((start): start is number => start !== null);
  return { subscriptionId, renewsAt: starts.length > 0 ? date(Math.max(...starts)) : null };
}
