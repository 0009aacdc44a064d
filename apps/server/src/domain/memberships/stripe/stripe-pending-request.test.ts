import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { membershipStripeSubscriptions } from '#src/db/schema/index.ts';
import { connectedSubscriptionEvent } from '#src/testing/stripe-connected-events.ts';
import { PENDING_REQUEST_SHOWN_MS } from './stripe-pending-request.ts';
import { DAY_S, deliver, joinedStripeMember, siblingTier, stripeSuite } from './stripe-membership-fixtures.ts';

describe('a Stripe member’s request waits for Stripe’s webhook, and the members area says so', () => {
  const s = stripeSuite();
  const T0 = Math.floor(Date.now() / 1000) - 5 * DAY_S;

  async function member(account: string) {
    const joined = await joinedStripeMember(s, account, { pausable: true }, T0);
    const listed = async () => {
      const reply = await joined.call('listMyMemberships', { storeId: joined.storeId });
      expect(reply.statusCode).toBe(200);
      return reply.json().result.memberships[0] as { provider: string; pendingRequest: { type: string; requestedAt: string } | null; cancelAtPeriodEnd: boolean; status: string; tier: { id: string } };
    };
    return { ...joined, listed };
  }

  it('cancel, undo and pause each show as waiting from the answer on, until the webhook shows them done', async () => {
    const m = await member('acct_wait1');
    expect(await m.listed()).toMatchObject({ provider: 'stripe', pendingRequest: null });

    const cancelled = await m.call('cancelMyMembership', { ...m.key, reason: 'Too busy' });
    expect(cancelled.json().result.membership).toMatchObject({ cancelAtPeriodEnd: false, pendingRequest: { type: 'cancel' } });
    expect(await m.listed()).toMatchObject({ cancelAtPeriodEnd: false, pendingRequest: { type: 'cancel' } });
    expect(await m.updated()).toBe('applied');
    expect(await m.listed()).toMatchObject({ cancelAtPeriodEnd: true, pendingRequest: null });

    await m.call('resumeMyMembership', { ...m.key });
    expect(await m.listed()).toMatchObject({ cancelAtPeriodEnd: true, pendingRequest: { type: 'resume' } });
    expect(await m.updated()).toBe('applied');
    expect(await m.listed()).toMatchObject({ cancelAtPeriodEnd: false, pendingRequest: null });

    await m.call('pauseMyMembership', { ...m.key });
    expect(await m.listed()).toMatchObject({ status: 'active', pendingRequest: { type: 'pause' } });
    expect(await m.updated()).toBe('applied');
    expect(await m.listed()).toMatchObject({ status: 'paused', pendingRequest: null });
  });

  it('a tier change waits until the webhook moves the member; a webhook that does not reflect it leaves it waiting', async () => {
    const m = await member('acct_wait2');
    const upper = await siblingTier(s.t, m.tier, { monthlyPriceCents: 2000 });
    const before = s.standIn.subscription(m.sub);
    expect((await m.call('changeMyMembershipTier', { ...m.key, tierId: upper.id })).statusCode).toBe(200);
    expect(await m.listed()).toMatchObject({ tier: { id: m.tier.id }, pendingRequest: { type: 'change_tier' } });
    // An older snapshot (Stripe's update before ours): still waiting.
    expect(await deliver(s.t, connectedSubscriptionEvent({ type: 'customer.subscription.updated', account: m.account, created: T0 + 30, subscription: before }))).not.toBe('replay');
    expect((await m.listed()).pendingRequest).toMatchObject({ type: 'change_tier' });
    expect(await m.updated()).toBe('applied');
    expect(await m.listed()).toMatchObject({ tier: { id: upper.id }, pendingRequest: null });
  });

  it('a request Stripe never confirms stops showing as waiting after an hour, and the member can ask again', async () => {
    const m = await member('acct_wait3');
    await m.call('cancelMyMembership', { ...m.key });
    expect((await m.listed()).pendingRequest).toMatchObject({ type: 'cancel' });
    const [link] = await s.t.db.select().from(membershipStripeSubscriptions).where(eq(membershipStripeSubscriptions.subscriptionId, m.sub));
    const at = (ms: number) => ({ ...link!.pendingRequest!, at: new Date(Date.now() - ms).toISOString() });
    await s.t.db.update(membershipStripeSubscriptions).set({ pendingRequest: at(PENDING_REQUEST_SHOWN_MS - 60_000) }).where(eq(membershipStripeSubscriptions.subscriptionId, m.sub));
    expect((await m.listed()).pendingRequest).toMatchObject({ type: 'cancel' });
    await s.t.db.update(membershipStripeSubscriptions).set({ pendingRequest: at(PENDING_REQUEST_SHOWN_MS + 60_000) }).where(eq(membershipStripeSubscriptions.subscriptionId, m.sub));
    expect(await m.listed()).toMatchObject({ cancelAtPeriodEnd: false, pendingRequest: null });
    expect((await m.call('cancelMyMembership', { ...m.key })).json().result.membership.pendingRequest).toMatchObject({ type: 'cancel' });
  });
});
