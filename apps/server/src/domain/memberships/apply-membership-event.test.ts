import { describe, expect, it } from 'vitest';
import { applyMembershipEvent, type MembershipEvent, type MembershipState } from './apply-membership-event.ts';

const T0 = new Date('2031-01-10T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const base = { provider: 'test' as const, providerSubscriptionId: 'testsub_1' };
let sequence = 0;
const event = (minutes: number, rest: DistributiveOmit<MembershipEvent, keyof typeof base | 'eventId' | 'createdAt'>) =>
  ({ ...base, eventId: `evt_${++sequence}`, createdAt: at(minutes), ...rest }) as MembershipEvent;

const createdEvent = event(0, {
  type: 'created',
  membership: {
    storeId: 'store_a',
    productId: 'prd_a',
    tierId: 'mtr_a',
    customerId: 'cus_a',
    status: 'active',
    interval: 'month',
    priceCents: 900,
    currency: 'USD',
    setupFeeCents: 0,
    currentPeriodStart: at(0),
    currentPeriodEnd: at(60 * 24 * 31),
    trialEnd: null,
  },
});

function active(): MembershipState {
  const result = applyMembershipEvent(null, createdEvent);
  if (result.outcome !== 'applied') throw new Error('not created');
  return result.state;
}

function apply(state: MembershipState, next: MembershipEvent): MembershipState {
  const result = applyMembershipEvent(state, next);
  if (result.outcome !== 'applied') throw new Error(`not applied: ${result.outcome}`);
  return result.state;
}

describe('applyMembershipEvent', () => {
  it('creates the membership with the event’s price snapshot and time', () => {
    expect(active()).toMatchObject({ status: 'active', priceCents: 900, cancelAtPeriodEnd: false, graceUntil: null, lastEventAt: at(0), providerSubscriptionId: 'testsub_1' });
    expect(applyMembershipEvent(active(), { ...createdEvent, eventId: 'evt_again', createdAt: at(5) })).toEqual({ outcome: 'ignored' });
  });

  it('a failed payment makes it past_due with the grace; a later payment recovers it', () => {
    const grace = at(60 * 24 * 36);
    const failed = apply(active(), event(10, { type: 'payment_failed', attempt: 1, graceUntil: grace }));
    expect(failed).toMatchObject({ status: 'past_due', graceUntil: grace, failedAttempts: 1, lastEventAt: at(10) });
    const recovered = apply(failed, event(20, { type: 'recovered', periodStart: at(0), periodEnd: at(99) }));
    expect(recovered).toMatchObject({ status: 'active', graceUntil: null, failedAttempts: 0, currentPeriodEnd: at(99), lastEventAt: at(20) });
  });

  it('an older event after a newer one changes nothing', () => {
    const failed = apply(active(), event(30, { type: 'payment_failed', attempt: 1, graceUntil: at(999) }));
    expect(applyMembershipEvent(failed, event(20, { type: 'renewed', periodStart: at(0), periodEnd: at(99) }))).toEqual({ outcome: 'stale' });
    // Same time is not older: two events of one instant both apply, in the order they arrive.
    expect(applyMembershipEvent(failed, event(30, { type: 'renewed', periodStart: at(0), periodEnd: at(99) })).outcome).toBe('applied');
  });

  it('an ended membership never comes back, whatever arrives later', () => {
    const ended = apply(active(), event(10, { type: 'ended' }));
    expect(ended).toMatchObject({ status: 'ended', endedAt: at(10) });
    for (const late of [
      event(20, { type: 'renewed', periodStart: at(0), periodEnd: at(99) }),
      event(20, { type: 'resumed' }),
      event(20, { type: 'cancel_undone' }),
    ]) {
      expect(applyMembershipEvent(ended, late)).toEqual({ outcome: 'stale' });
    }
  });

  it('pauses and resumes; resuming what is not paused is ignored', () => {
    expect(applyMembershipEvent(active(), event(5, { type: 'resumed' }))).toEqual({ outcome: 'ignored' });
    const paused = apply(active(), event(5, { type: 'paused' }));
    expect(paused).toMatchObject({ status: 'paused', pausedAt: at(5) });
    expect(apply(paused, event(6, { type: 'resumed', periodStart: at(6), periodEnd: at(100) }))).toMatchObject({ status: 'active', pausedAt: null, currentPeriodEnd: at(100) });
  });

  it('schedules a cancellation with its reason and undoes it; undoing none is ignored', () => {
    expect(applyMembershipEvent(active(), event(5, { type: 'cancel_undone' }))).toEqual({ outcome: 'ignored' });
    const cancelling = apply(active(), event(5, { type: 'cancel_scheduled', reason: 'Too expensive' }));
    expect(cancelling).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, cancelReason: 'Too expensive' });
    expect(apply(cancelling, event(6, { type: 'cancel_undone' }))).toMatchObject({ cancelAtPeriodEnd: false, cancelReason: null });
  });

  it('trial ending applies only while trialing and changes no field but the event time', () => {
    expect(applyMembershipEvent(active(), event(5, { type: 'trial_will_end' }))).toEqual({ outcome: 'ignored' });
    const trialing = { ...active(), status: 'trialing' as const, trialEnd: at(100) };
    expect(apply(trialing, event(5, { type: 'trial_will_end' }))).toEqual({ ...trialing, lastEventAt: at(5) });
  });

  it('any event for a membership that does not exist is ignored', () => {
    expect(applyMembershipEvent(null, event(5, { type: 'renewed', periodStart: at(0), periodEnd: at(1) }))).toEqual({ outcome: 'ignored' });
  });
});

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
