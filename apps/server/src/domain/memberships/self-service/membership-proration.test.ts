import { describe, expect, it } from 'vitest';
import { applyMembershipEvent, type MembershipState } from '../apply-membership-event.ts';
import { prorateTierChange } from './membership-proration.ts';

const start = new Date('2030-06-01T12:00:00.000Z');
const end = new Date('2030-07-01T12:00:00.000Z');

describe('prorateTierChange', () => {
  it('credits the unused time at the old price and charges it at the new one, to the cent', () => {
    const at = (iso: string) => prorateTierChange({ oldPriceCents: 900, newPriceCents: 2000, periodStart: start, periodEnd: end, at: new Date(iso), trialing: false });
    expect(at('2030-06-16T12:00:00.000Z')).toEqual({ creditCents: 450, chargeCents: 1000, netCents: 550 });
    expect(at('2030-06-01T12:00:00.000Z')).toEqual({ creditCents: 900, chargeCents: 2000, netCents: 1100 });
    // Past the end (a renewal not yet run) nothing is left to prorate; a minute before, almost nothing.
    expect(at('2030-07-01T12:01:00.000Z')).toEqual({ creditCents: 0, chargeCents: 0, netCents: 0 });
    expect(at('2030-07-01T11:59:00.000Z')).toEqual({ creditCents: 0, chargeCents: 0, netCents: 0 });
    expect(at('2030-06-30T12:00:00.000Z')).toEqual({ creditCents: 30, chargeCents: 67, netCents: 37 });
  });

  it('costs nothing during a trial', () => {
    expect(prorateTierChange({ oldPriceCents: 900, newPriceCents: 2000, periodStart: start, periodEnd: end, at: start, trialing: true })).toEqual({ creditCents: 0, chargeCents: 0, netCents: 0 });
  });
});

describe('the tier_changed event', () => {
  const state = (status: MembershipState['status']): MembershipState => ({
    storeId: 'store_x', productId: 'prd_x', tierId: 'mtr_a', customerId: 'cus_x', status, interval: 'month', priceCents: 900, currency: 'USD', setupFeeCents: 0,
    provider: 'test', providerSubscriptionId: 'testsub_x', currentPeriodStart: start, currentPeriodEnd: end, trialEnd: null, cancelAtPeriodEnd: false, cancelReason: null, pausedUntil: null,
    pausedAt: null, graceUntil: null, failedAttempts: 0, endedAt: null, lastEventAt: start,
  });
  const event = { provider: 'test' as const, eventId: 'e1', providerSubscriptionId: 'testsub_x', createdAt: new Date('2030-06-16T12:00:00.000Z'), type: 'tier_changed' as const, tierId: 'mtr_b', priceCents: 2000 };

  it('moves the tier and the price of a trialing or active membership, keeping its period', () => {
    for (const status of ['trialing', 'active'] as const) {
      const result = applyMembershipEvent(state(status), event);
      expect(result).toMatchObject({ outcome: 'applied', state: { tierId: 'mtr_b', priceCents: 2000, currentPeriodEnd: end, status } });
    }
  });

  it('is ignored when past due or paused, and stale when older than the newest event', () => {
    expect(applyMembershipEvent(state('past_due'), event).outcome).toBe('ignored');
    expect(applyMembershipEvent(state('paused'), event).outcome).toBe('ignored');
    expect(applyMembershipEvent({ ...state('active'), lastEventAt: end }, event).outcome).toBe('stale');
  });
});
