// Exports the members-area request a Stripe membership waits on: recorded when sent, shown until a webhook reflects it.
import type { MyMembership } from '@shopfront/core';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipStripeSubscriptions, type MembershipRow, type StripePendingRequest } from '#src/db/schema/index.ts';

const WIRE = {
  cancel_scheduled: 'cancel',
  cancel_undone: 'resume',
  paused: 'pause',
  resumed: 'unpause',
  tier_changed: 'change_tier',
} as const satisfies Record<StripePendingRequest['type'], string>;

/** Whether the membership, as the webhooks made it, already is what the request asked (or has ended). */
export function requestReflected(membership: Pick<MembershipRow, 'status' | 'cancelAtPeriodEnd' | 'tierId'>, pending: StripePendingRequest): boolean {
  if (membership.status === 'ended') return true;
  switch (pending.type) {
    case 'cancel_scheduled':
      return membership.cancelAtPeriodEnd;
    case 'cancel_undone':
      return !membership.cancelAtPeriodEnd;
    case 'paused':
      return membership.status === 'paused';
    case 'resumed':
      return membership.status !== 'paused';
    case 'tier_changed':
      return membership.tierId === pending.tierId;
  }
}

/** Records the request just sent to the subscription (replacing an older one): the members area waits on it. */
export async function recordPendingRequest(db: Executor, subscriptionId: string, pending: StripePendingRequest): Promise<void> {
  await db.update(membershipStripeSubscriptions).set({ pendingRequest: pending }).where(eq(membershipStripeSubscriptions.subscriptionId, subscriptionId));
}

/** After a webhook changed the membership: the request it reflects is no longer waiting. */
export async function clearReflectedRequest(db: Executor, link: { subscriptionId: string; pendingRequest: StripePendingRequest | null }, membership: MembershipRow): Promise<void> {
  if (!link.pendingRequest || !requestReflected(membership, link.pendingRequest)) return;
  await db.update(membershipStripeSubscriptions).set({ pendingRequest: null }).where(eq(membershipStripeSubscriptions.subscriptionId, link.subscriptionId));
}

/**
 * How long a request shows as waiting: past it, Stripe most likely refused or lost it (the request
 * itself succeeded, so a webhook endpoint down for longer is the likelier cause), and the member
 * gets their buttons back rather than a card that waits forever.
 */
export const PENDING_REQUEST_SHOWN_MS = 60 * 60 * 1000;

/** Each Stripe membership's request still waiting for its webhook, by membership id, as the members area shows it. */
export async function findPendingRequests(db: Executor, rows: MembershipRow[], now: Date): Promise<Map<string, NonNullable<MyMembership['pendingRequest']>>> {
  const stripe = rows.filter((row) => row.provider === 'stripe');
  const waiting = new Map<string, NonNullable<MyMembership['pendingRequest']>>();
  if (stripe.length === 0) return waiting;
  const links = await db
    .select({ subscriptionId: membershipStripeSubscriptions.subscriptionId, storeId: membershipStripeSubscriptions.storeId, pendingRequest: membershipStripeSubscriptions.pendingRequest })
    .from(membershipStripeSubscriptions)
    .where(inArray(membershipStripeSubscriptions.subscriptionId, stripe.map((row) => row.providerSubscriptionId)));
  for (const row of stripe) {
    const link = links.find((one) => one.subscriptionId === row.providerSubscriptionId && one.storeId === row.storeId);
    const pending = link?.pendingRequest;
    const recent = pending && now.getTime() - new Date(pending.at).getTime() < PENDING_REQUEST_SHOWN_MS;
    if (pending && recent && !requestReflected(row, pending)) waiting.set(row.id, { type: WIRE[pending.type], requestedAt: pending.at });
  }
  return waiting;
}
