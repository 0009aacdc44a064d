import { describe, expect, it } from 'vitest';
import { accessUntil, membershipAccess } from './membership-access.ts';
import { LATE_RENEWAL_LEEWAY_MS } from './membership-rules.ts';

const END = new Date('2031-02-10T12:00:00.000Z');
const MINUTE = 60_000;
const before = (at: Date) => new Date(at.getTime() - MINUTE);
const after = (at: Date) => new Date(at.getTime() + MINUTE);
const membership = { status: 'active' as const, currentPeriodEnd: END, trialEnd: null, graceUntil: null, cancelAtPeriodEnd: false };

describe('membershipAccess', () => {
  it('cancelled at period end: until the period ends, to the minute', () => {
    const cancelling = { ...membership, cancelAtPeriodEnd: true };
    expect(membershipAccess(cancelling, before(END))).toBe(true);
    expect(membershipAccess(cancelling, after(END))).toBe(false);
    const trialCancelled = { ...cancelling, status: 'trialing' as const, trialEnd: END, currentPeriodEnd: END };
    expect(membershipAccess(trialCancelled, before(END))).toBe(true);
    expect(membershipAccess(trialCancelled, after(END))).toBe(false);
  });

  it('active or trialing: through a late renewal, but not past the leeway', () => {
    const lastMoment = new Date(END.getTime() + LATE_RENEWAL_LEEWAY_MS);
    expect(membershipAccess(membership, after(END))).toBe(true);
    expect(membershipAccess(membership, before(lastMoment))).toBe(true);
    expect(membershipAccess(membership, after(lastMoment))).toBe(false);
    expect(accessUntil({ ...membership, status: 'trialing', trialEnd: END })).toEqual(lastMoment);
  });

  it('past_due: until the grace ends, both sides', () => {
    const grace = new Date(END.getTime() + 5 * 24 * 60 * MINUTE);
    const pastDue = { ...membership, status: 'past_due' as const, graceUntil: grace };
    expect(membershipAccess(pastDue, before(grace))).toBe(true);
    expect(membershipAccess(pastDue, after(grace))).toBe(false);
  });

  it('paused or ended: never, even inside the period that was paid', () => {
    expect(membershipAccess({ ...membership, status: 'paused' }, before(END))).toBe(false);
    expect(membershipAccess({ ...membership, status: 'ended' }, before(END))).toBe(false);
    expect(membershipAccess({ ...membership, status: 'ended', graceUntil: after(END) }, before(END))).toBe(false);
  });
});
