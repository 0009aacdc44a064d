// Exports the members area's requests to Stripe: cancel, undo, pause, resume, change tier, and the customer portal.
import { AppError } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Executor } from '#src/db/executor.ts';
import { membershipStripeSubscriptions, membershipTiers, products, type MembershipRow, type MembershipStripeSubscriptionRow, type StripePendingRequest } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import type { MembershipEvent } from '../apply-membership-event.ts';
import { ensureStripePrice, membershipBilling } from './stripe-membership-checkout.ts';
import { recordPendingRequest } from './stripe-pending-request.ts';

export const STRIPE_MEMBER_MESSAGES = Object.freeze({
  notLinked: 'This membership is still being set up with Stripe. Please try again in a minute.',
  cardOnStripe: 'This membership is billed by Stripe: change the card from "Manage billing".',
});

type StripeEnv = Pick<Env, 'payments'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Change = DistributiveOmit<MembershipEvent, 'provider' | 'eventId' | 'providerSubscriptionId' | 'createdAt'>;

/** The subscription's link in the membership's own store; a member whose `created` came before its link waits a moment. */
export async function linkOf(db: Executor, membership: MembershipRow): Promise<MembershipStripeSubscriptionRow> {
  const [link] = await db
    .select()
    .from(membershipStripeSubscriptions)
    .where(and(eq(membershipStripeSubscriptions.subscriptionId, membership.providerSubscriptionId), eq(membershipStripeSubscriptions.storeId, membership.storeId)));
  if (!link) throw new AppError('unavailable', STRIPE_MEMBER_MESSAGES.notLinked);
  return link;
}

/**
 * A member's request for a Stripe membership goes to the subscription on the connected account;
 * nothing changes here until Stripe's `customer.subscription.updated` arrives (decision 041).
 * The idempotency key is the request and the membership's state (its newest event), so asking
 * again before the webhook answers is one call, and asking after it is a new one.
 */
export async function askStripe(deps: { db: Executor; env: StripeEnv | undefined; now: Date }, membership: MembershipRow, change: Change): Promise<void> {
  if (!deps.env) throw new Error('a Stripe membership request needs the server env');
  const link = await linkOf(deps.db, membership);
  await sendToStripe(deps.db, deps.env, membership, link, change);
  // Sent: the members area shows it as waiting until a webhook reflects it.
  const type = change.type as StripePendingRequest['type']; // sendToStripe refuses every other change
  await recordPendingRequest(deps.db, link.subscriptionId, { type, at: deps.now.toISOString(), ...(change.type === 'tier_changed' ? { tierId: change.tierId } : {}) });
}

async function sendToStripe(db: Executor, env: StripeEnv, membership: MembershipRow, link: MembershipStripeSubscriptionRow, change: Change): Promise<void> {
  const billing = membershipBilling(env);
  const key = `msr_${membership.id}_${change.type}_${membership.lastEventAt.getTime()}`;
  let params: Stripe.SubscriptionUpdateParams;
  switch (change.type) {
    case 'cancel_scheduled':
      params = { cancel_at_period_end: true, ...(change.reason ? { cancellation_details: { comment: change.reason } } : {}) };
      break;
    case 'cancel_undone':
      params = { cancel_at_period_end: false, cancellation_details: { comment: '' } };
      break;
    case 'paused':
      // Stripe voids the invoices while paused; access stops here at once (membershipAccess).
      // A date the member picked: Stripe ends the pause by itself then (and sends the update).
      params = { pause_collection: { behavior: 'void', ...(change.until ? { resumes_at: Math.floor(change.until.getTime() / 1000) } : {}) } };
      break;
    case 'resumed':
      params = { pause_collection: '' };
      break;
    case 'tier_changed':
      return changeStripeTier(db, env, membership, link, change.tierId);
    default:
      throw new Error(`no Stripe request for ${change.type}`);
  }
  await billing.updateSubscription(link.accountId, link.subscriptionId, params, key);
}

/**
 * A tier change: the subscription's item moves to the new tier's Price (made on the account if
 * needed) with Stripe's proration invoiced now, as the test provider charges the difference now.
 */
async function changeStripeTier(db: Executor, env: StripeEnv, membership: MembershipRow, link: MembershipStripeSubscriptionRow, tierId: string): Promise<void> {
  const [found] = await db
    .select({ tier: membershipTiers, title: products.title })
    .from(membershipTiers)
    .innerJoin(products, eq(products.id, membershipTiers.productId))
    .where(and(eq(membershipTiers.id, tierId), eq(membershipTiers.storeId, membership.storeId)));
  if (!found || !link.itemId) throw new AppError('unavailable', STRIPE_MEMBER_MESSAGES.notLinked);
  const billing = membershipBilling(env);
  const priceId = await ensureStripePrice(db, billing, { accountId: link.accountId, tier: found.tier, productTitle: found.title, interval: membership.interval });
  await billing.updateSubscription(
    link.accountId,
    link.subscriptionId,
    { items: [{ id: link.itemId, price: priceId }], proration_behavior: 'always_invoice', metadata: { tierId } },
    `msr_${membership.id}_tier_${tierId}_${membership.lastEventAt.getTime()}`,
  );
}

/** Stripe's customer portal on the connected account, for the member to change their card; back to the members area after. */
export async function openStripePortal(deps: { db: Executor; env: Pick<Env, 'payments'> }, membership: MembershipRow, returnUrl: string): Promise<{ url: string }> {
  const link = await linkOf(deps.db, membership);
  return membershipBilling(deps.env).createPortalSession(link.accountId, link.stripeCustomerId, returnUrl);
}
