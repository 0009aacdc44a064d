import { describe, expect, it } from 'vitest';
import type { MembershipRow } from '#src/db/schema/index.ts';
import type { SubscriptionSnapshot } from './read-stripe-objects.ts';
import { subscriptionChanges } from './subscription-changes.ts';

const at = (day: number) => new Date(Date.UTC(2026, 0, 1 + day));
const membership = (overrides: Partial<MembershipRow> = {}) =>
  ({ status: 'active', tierId: 'mtr_a', priceCents: 900, cancelAtPeriodEnd: false, currentPeriodStart: at(0), currentPeriodEnd: at(31), ...overrides }) as MembershipRow;
const snapshot = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  cancelScheduled: false,
  cancelComment: null,
  paused: false,
  pausedUntil: null,
  trialEnd: null,
  itemId: 'si_1',
  priceId: 'price_a',
  priceCents: 900,
  currency: 'usd',
  interval: 'month',
  periodStart: at(0),
  periodEnd: at(31),
  latestInvoiceId: null,
  metadata: {},
  ...overrides,
});

describe('subscriptionChanges: a Stripe snapshot against the membership', () => {
  it('the same state asks for nothing; an ended membership never changes', () => {
    expect(subscriptionChanges(membership(), snapshot(), 'mtr_a')).toEqual([]);
    expect(subscriptionChanges(membership({ status: 'ended' }), snapshot({ status: 'canceled' }), 'mtr_b')).toEqual([]);
  });

  it('cancellation scheduled and undone, with the reason', () => {
    expect(subscriptionChanges(membership(), snapshot({ cancelScheduled: true, cancelComment: 'Too busy' }), 'mtr_a')).toEqual([{ type: 'cancel_scheduled', reason: 'Too busy' }]);
    expect(subscriptionChanges(membership({ cancelAtPeriodEnd: true }), snapshot(), 'mtr_a')).toEqual([{ type: 'cancel_undone' }]);
    expect(subscriptionChanges(membership({ cancelAtPeriodEnd: true }), snapshot({ cancelScheduled: true }), 'mtr_a')).toEqual([]);
  });

  it('paused and resumed; a resume takes Stripe’s period only when it is later', () => {
    expect(subscriptionChanges(membership(), snapshot({ paused: true }), 'mtr_a')).toEqual([{ type: 'paused', until: null }]);
    expect(subscriptionChanges(membership(), snapshot({ paused: true, pausedUntil: at(40) }), 'mtr_a')).toEqual([{ type: 'paused', until: at(40) }]);
    expect(subscriptionChanges(membership({ status: 'past_due' }), snapshot({ paused: true }), 'mtr_a')).toEqual([]);
    expect(subscriptionChanges(membership({ status: 'paused' }), snapshot(), 'mtr_a')).toEqual([{ type: 'resumed' }]);
    expect(subscriptionChanges(membership({ status: 'paused' }), snapshot({ periodStart: at(31), periodEnd: at(59) }), 'mtr_a')).toEqual([{ type: 'resumed', periodStart: at(31), periodEnd: at(59) }]);
  });

  it('another tier’s Price is a tier change at its amount, another amount of the same tier a price move; an unknown Price neither', () => {
    expect(subscriptionChanges(membership(), snapshot({ priceId: 'price_b', priceCents: 2000 }), 'mtr_b')).toEqual([{ type: 'tier_changed', tierId: 'mtr_b', priceCents: 2000 }]);
    expect(subscriptionChanges(membership(), snapshot({ priceId: 'price_x', priceCents: 1200 }), null)).toEqual([]);
    expect(subscriptionChanges(membership(), snapshot({ priceId: 'price_a2', priceCents: 1200 }), 'mtr_a')).toEqual([{ type: 'price_changed', priceCents: 1200 }]);
    expect(subscriptionChanges(membership(), snapshot(), 'mtr_a')).toEqual([]);
  });

  it('canceled (or incomplete_expired) ends it, whatever else the snapshot says', () => {
    expect(subscriptionChanges(membership(), snapshot({ status: 'canceled', cancelScheduled: true }), 'mtr_a')).toEqual([{ type: 'ended' }]);
    expect(subscriptionChanges(membership({ status: 'trialing' }), snapshot({ status: 'incomplete_expired' }), 'mtr_a')).toEqual([{ type: 'ended' }]);
  });
});
