import { describe, expect, it } from 'vitest';
import { localDayOf, localMidnight } from '#src/domain/analytics/queries/local-time.ts';
import { membershipRow } from '#src/testing/memberships.ts';
import { connectedSubscriptionEvent } from '#src/testing/stripe-connected-events.ts';
import { DAY_S, deliver, joinedStripeMember, stripeSuite } from './stripe-membership-fixtures.ts';

describe('a Stripe member pauses until a date: Stripe’s pause_collection.resumes_at, the state on its webhooks', () => {
  const s = stripeSuite();
  const T0 = Math.floor(Date.now() / 1000) - 5 * DAY_S;

  it('asks Stripe to resume at the start of the picked day, shows the date once Stripe confirms, and resumes when Stripe does', async () => {
    const m = await joinedStripeMember(s, 'acct_pauseuntil1', { pausable: true }, T0);
    const day = localDayOf(new Date(Date.now() + 10 * DAY_S * 1000), 'UTC');
    const resumesAt = localMidnight(day, 'UTC');
    const reply = await m.call('pauseMyMembership', { ...m.key, resumeOn: day });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().result.membership).toMatchObject({ status: 'active', pausedUntil: null, pendingRequest: { type: 'pause' } });
    const request = s.standIn.requestsTo(`/v1/subscriptions/${m.sub}`).at(-1)!;
    expect(request).toMatchObject({ stripeAccount: m.account, body: { 'pause_collection[behavior]': 'void', 'pause_collection[resumes_at]': String(resumesAt.getTime() / 1000) } });

    expect(await m.updated()).toBe('applied');
    expect(await membershipRow(s.t, m.membership.id)).toMatchObject({ status: 'paused', pausedUntil: resumesAt });
    // Stripe ends the pause itself at that time and says so: the member is back.
    const resumed = { ...s.standIn.subscription(m.sub), pause_collection: null };
    expect(await deliver(s.t, connectedSubscriptionEvent({ type: 'customer.subscription.updated', account: m.account, created: T0 + 3600, subscription: resumed }))).toBe('applied');
    expect(await membershipRow(s.t, m.membership.id)).toMatchObject({ status: 'active', pausedAt: null, pausedUntil: null });
  });

  it('a date out of range is refused before Stripe is asked', async () => {
    const m = await joinedStripeMember(s, 'acct_pauseuntil2', { pausable: true }, T0);
    const today = localDayOf(new Date(), 'UTC');
    const reply = await m.call('pauseMyMembership', { ...m.key, resumeOn: today });
    expect(reply.json().error.message).toBe('Pick a resume date from tomorrow on.');
    expect(s.standIn.requestsTo(`/v1/subscriptions/${m.sub}`)).toEqual([]);
  });
});
