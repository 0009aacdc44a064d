import type { MembershipRow } from '#src/db/schema/index.ts';
import type { SubscriptionSnapshot } from './read-stripe-objects.ts';
import type { StripeMembershipChange } from './stripe-subscription-link.ts';

/**
 * What a subscription snapshot (`customer.subscription.updated`, the newest one) says changed for
 * the member, compared with the membership as it is: Stripe sends the whole subscription, so the
 * same snapshot twice, or an older state already overtaken, asks for nothing. Payments (renewed,
 * failed, recovered) come from the invoice events, not from the subscription's status.
 * `tierOfPrice` is the tier whose recorded Stripe Price the subscription's item now has: another
 * tier's is a tier change, another amount of the member's own tier a price move.
 */
export function subscriptionChanges(membership: MembershipRow, snapshot: SubscriptionSnapshot, tierOfPrice: string | null): StripeMembershipChange[] {
  if (membership.status === 'ended') return [];
  if (snapshot.status === 'canceled' || snapshot.status === 'incomplete_expired') return [{ type: 'ended' }];
  const changes: StripeMembershipChange[] = [];
  if (snapshot.paused && (membership.status === 'active' || membership.status === 'trialing')) changes.push({ type: 'paused', until: snapshot.pausedUntil });
  if (!snapshot.paused && membership.status === 'paused') {
    // Stripe's period, when it is later than the one the membership has (a renewal may have come first).
    const later = snapshot.periodStart && snapshot.periodEnd && snapshot.periodEnd > membership.currentPeriodEnd;
    changes.push(later ? { type: 'resumed', periodStart: snapshot.periodStart!, periodEnd: snapshot.periodEnd! } : { type: 'resumed' });
  }
  if (snapshot.cancelScheduled && !membership.cancelAtPeriodEnd) changes.push({ type: 'cancel_scheduled', reason: snapshot.cancelComment });
  if (!snapshot.cancelScheduled && membership.cancelAtPeriodEnd) changes.push({ type: 'cancel_undone' });
  if (tierOfPrice && tierOfPrice !== membership.tierId && snapshot.priceCents !== null) {
    changes.push({ type: 'tier_changed', tierId: tierOfPrice, priceCents: snapshot.priceCents });
  }
  // Another Price of the member's own tier: a price move reached the subscription (stripe-price-move-job.ts).
  if (tierOfPrice && tierOfPrice === membership.tierId && snapshot.priceCents !== null && snapshot.priceCents !== membership.priceCents) {
    changes.push({ type: 'price_changed', priceCents: snapshot.priceCents });
  }
  return changes;
}
