import type Stripe from 'stripe';
import type { Database } from '#src/db/client.ts';
import { applySubscriptionEvent, type SubscriptionEvent, type SubscriptionEventOutcome, type SubscriptionStatus } from './apply-subscription-event.ts';

const BILLING_EVENT_TYPES = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** Whether a verified Stripe event is about a creator's platform subscription (not a store's Connect sale). */
export const isBillingEvent = (event: Stripe.Event) => BILLING_EVENT_TYPES.has(event.type) && !event.account;

/**
 * A verified Stripe Billing event (the webhook route ran `constructEvent`) becomes our
 * SubscriptionEvent. Fields are read defensively: API versions moved `current_period_end` to the
 * subscription item and an invoice's subscription under `parent.subscription_details`.
 */
export async function handleBillingEvent(db: Database, event: Stripe.Event, now: Date): Promise<SubscriptionEventOutcome> {
  const mapped = toSubscriptionEvent(event);
  if (!mapped) return 'ignored';
  return applySubscriptionEvent(db, mapped, now);
}

type Loose = Record<string, unknown>;
const obj = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const idOf = (value: unknown): string | null => str(value) ?? str(obj(value).id);

function statusOf(stripeStatus: string | null): SubscriptionStatus {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

function toSubscriptionEvent(event: Stripe.Event): SubscriptionEvent | null {
  const object = obj(event.data.object);
  const base = { eventId: event.id, provider: 'stripe' as const, createdAt: new Date(event.created * 1000) };
  if (event.type.startsWith('customer.subscription.')) {
    const subscriptionId = str(object.id);
    if (!subscriptionId) return null;
    const metadata = obj(object.metadata);
    const item = obj((obj(object.items).data as unknown[] | undefined)?.[0]);
    const price = obj(item.price);
    const interval = str(obj(price.recurring).interval) ?? str(metadata.interval);
    const periodEnd = num(item.current_period_end) ?? num(object.current_period_end);
    return {
      ...base,
      type: event.type === 'customer.subscription.deleted' ? 'subscription.deleted' : 'subscription.updated',
      userId: str(metadata.userId),
      subscriptionId,
      customerId: idOf(object.customer),
      itemId: str(item.id),
      planId: str(metadata.planId),
      interval: interval === 'year' || interval === 'month' ? interval : null,
      status: statusOf(str(object.status)),
      priceCents: num(price.unit_amount) ?? (Number(metadata.priceCents) || null),
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    };
  }
  const details = obj(obj(object.parent).subscription_details);
  const subscriptionId = idOf(details.subscription) ?? idOf(object.subscription);
  if (!subscriptionId) return null;
  return {
    ...base,
    type: event.type === 'invoice.paid' ? 'invoice.paid' : 'invoice.payment_failed',
    userId: str(obj(details.metadata).userId),
    subscriptionId,
    customerId: idOf(object.customer),
  };
}
