import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '#src/db/client.ts';
import { processedMembershipEvents } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import type { MembershipEventOutcome } from '../record-membership-event.ts';
import { invoiceEvent } from './apply-stripe-invoice.ts';
import { refundedInvoiceId, refundSucceeded } from './apply-stripe-refund.ts';
import { sessionCompleted, subscriptionChanged, trialWillEnd } from './apply-stripe-subscription.ts';
import { renewalUpcoming } from './apply-stripe-upcoming.ts';
import { readInvoice, readSubscription, readUpcomingInvoice } from './read-stripe-objects.ts';
import type { StripeEventContext } from './stripe-subscription-link.ts';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed']);
/** Stripe's notice ahead of a renewal (apply-stripe-upcoming.ts). */
const UPCOMING = 'invoice.upcoming';
/** A refund the creator asked for of a member's charge (apply-stripe-refund.ts); other refunds are sales'. */
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated']);

type Loose = Record<string, unknown>;
const objectOf = (event: Stripe.Event): Loose => event.data.object as unknown as Loose;

/**
 * Whether a verified event is about a membership: a subscription, its invoice (or the upcoming
 * one), a refund of its charge the creator asked for, or a
 * subscription-mode Checkout Session, on a store's connected account (`account`). The platform's
 * own plan subscriptions come without `account` (domain/billing/handle-billing-event.ts).
 */
export function isMembershipStripeEvent(event: Stripe.Event): boolean {
  if (!event.account) return false;
  if (SUBSCRIPTION_EVENTS.has(event.type) || INVOICE_EVENTS.has(event.type) || event.type === UPCOMING) return true;
  if (REFUND_EVENTS.has(event.type)) return refundedInvoiceId(objectOf(event)) !== null;
  return event.type === 'checkout.session.completed' && objectOf(event).mode === 'subscription';
}

/**
 * A verified connected-account membership event (the webhook route ran `constructEvent`), in one
 * transaction: the event id is recorded first, so a replay or a second delivery racing this one
 * changes nothing; then it becomes the same membership events the test provider records
 * (recordMembershipEvent), each ordered by Stripe's `created` (decision 041).
 */
export async function handleMembershipStripeEvent(
  deps: { db: Database; env: Pick<Env, 'publicUrl' | 'appSecret' | 'dataDir'>; now: Date; log: FastifyBaseLogger },
  event: Stripe.Event,
): Promise<MembershipEventOutcome> {
  const object = objectOf(event);
  return deps.db.transaction(async (tx) => {
    const subscriptionId = subscriptionIdOf(event.type, object);
    const recorded = await tx
      .insert(processedMembershipEvents)
      .values({ provider: 'stripe', eventId: event.id, type: event.type, providerSubscriptionId: subscriptionId ?? '', processedAt: deps.now })
      .onConflictDoNothing()
      .returning({ eventId: processedMembershipEvents.eventId });
    if (recorded.length === 0) return 'replay';
    const ctx: StripeEventContext = { tx, env: deps.env, now: deps.now, log: deps.log, account: event.account!, eventId: event.id, createdAt: new Date(event.created * 1000) };

    if (event.type === 'checkout.session.completed') return sessionCompleted(ctx, object);
    if (REFUND_EVENTS.has(event.type)) return refundSucceeded(ctx, object);
    if (event.type === UPCOMING) {
      const upcoming = readUpcomingInvoice(object);
      return upcoming ? renewalUpcoming(ctx, upcoming) : 'ignored';
    }
    if (INVOICE_EVENTS.has(event.type)) {
      const paid = event.type === 'invoice.paid';
      const invoice = readInvoice(object, paid);
      return invoice ? invoiceEvent(ctx, invoice, paid) : 'ignored';
    }
    const snapshot = readSubscription(object);
    if (!snapshot) return 'ignored';
    if (event.type === 'customer.subscription.trial_will_end') return trialWillEnd(ctx, snapshot);
    // A deleted subscription is a final snapshot: it ends the membership, and (kept on the link)
    // makes any older snapshot that arrives later stale, even a `created`.
    return subscriptionChanged(ctx, event.type === 'customer.subscription.deleted' ? { ...snapshot, status: 'canceled' } : snapshot);
  });
}

function subscriptionIdOf(type: string, object: Loose): string | null {
  if (type === 'checkout.session.completed') return typeof object.subscription === 'string' ? object.subscription : null;
  if (INVOICE_EVENTS.has(type)) return readInvoice(object, false)?.subscriptionId ?? null;
  if (type === UPCOMING) return readUpcomingInvoice(object)?.subscriptionId ?? null;
  return typeof object.id === 'string' ? object.id : null;
}
