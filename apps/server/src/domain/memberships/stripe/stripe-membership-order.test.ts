import { describe, expect, it } from 'vitest';
import { membershipRow } from '#src/testing/memberships.ts';
import { connectedInvoiceEvent, connectedSessionCompleted, connectedSubscriptionEvent } from '#src/testing/stripe-connected-events.ts';
import { checkoutRow, DAY_S, deliver, joinOnStripe, membershipOfSubscription, noticesOf, stripeStore, stripeSuite } from './stripe-membership-fixtures.ts';

describe('Stripe membership events arriving out of order, or from another store', () => {
  const s = stripeSuite();
  const T0 = Math.floor(Date.now() / 1000) - 60 * DAY_S;
  const at = (seconds: number) => new Date(seconds * 1000);

  /** An active monthly member (no trial), created by `customer.subscription.created` at T0. */
  async function activeMember(account: string) {
    const store = await stripeStore(s.t, account, { monthlyPriceCents: 900 });
    const joined = await joinOnStripe(s.t, s.standIn, store.tier, T0);
    const sub = joined.subscription.id;
    expect(await deliver(s.t, connectedSubscriptionEvent({ type: 'customer.subscription.created', account, created: T0, subscription: joined.subscription }))).toBe('applied');
    const membership = (await membershipOfSubscription(s.t, sub))!;
    return { ...store, joined, sub, membership };
  }

  it('the session’s completion after its subscription still completes the checkout with the membership', async () => {
    const { account, joined, membership } = await activeMember('acct_order1');
    expect(await deliver(s.t, connectedSessionCompleted({ account, created: T0, session: joined.session }))).toBe('applied');
    expect(await checkoutRow(s.t, joined.checkoutId)).toMatchObject({ status: 'completed', membershipId: membership.id });
    expect(membership).toMatchObject({ status: 'active', priceCents: 900, currentPeriodStart: at(T0) });
  });

  it('an older subscription snapshot after a newer one is stale: a cancellation stays, an undo stays', async () => {
    const { account, sub, membership } = await activeMember('acct_order2');
    const live = s.standIn.subscription(sub);
    const cancelling = { ...live, cancel_at_period_end: true, cancellation_details: { comment: 'Moving', feedback: null, reason: null } };
    const older = connectedSubscriptionEvent({ type: 'customer.subscription.updated', account, created: T0 + DAY_S, subscription: live });
    const newer = connectedSubscriptionEvent({ type: 'customer.subscription.updated', account, created: T0 + 2 * DAY_S, subscription: cancelling });
    expect(await deliver(s.t, newer)).toBe('applied');
    expect(await deliver(s.t, older)).toBe('stale');
    expect(await membershipRow(s.t, membership.id)).toMatchObject({ cancelAtPeriodEnd: true, cancelReason: 'Moving' });
    // The undo, then the cancellation delivered late: still undone.
    const undo = connectedSubscriptionEvent({ type: 'customer.subscription.updated', account, created: T0 + 4 * DAY_S, subscription: live });
    const lateCancel = connectedSubscriptionEvent({ type: 'customer.subscription.updated', account, created: T0 + 3 * DAY_S, subscription: cancelling });
    expect(await deliver(s.t, undo)).toBe('applied');
    expect(await deliver(s.t, lateCancel)).toBe('stale');
    expect(await membershipRow(s.t, membership.id)).toMatchObject({ cancelAtPeriodEnd: false, cancelReason: null });
    expect((await noticesOf(s.t, membership.id)).filter((notice) => notice === 'cancelled')).toHaveLength(1);
  });

  it('a renewal delivered after a later cancellation still renews; a failure delivered after its period was paid changes nothing', async () => {
    const { account, sub, membership } = await activeMember('acct_order3');
    const period = s.standIn.advanceSubscriptionPeriod(sub);
    const renewal = connectedInvoiceEvent({ type: 'invoice.paid', account, created: period.start, subscription: s.standIn.subscription(sub), billingReason: 'subscription_cycle', attemptCount: 2 });
    const failure = connectedInvoiceEvent({ type: 'invoice.payment_failed', account, created: period.start - 60, subscription: s.standIn.subscription(sub), billingReason: 'subscription_cycle', attemptCount: 1, nextPaymentAttempt: period.start + DAY_S });
    s.standIn.connected.subscriptions.get(sub)!.cancel_at_period_end = true;
    const cancel = connectedSubscriptionEvent({ type: 'customer.subscription.updated', account, created: period.start + DAY_S, subscription: s.standIn.subscription(sub) });
    expect(await deliver(s.t, cancel)).toBe('applied');
    expect(await deliver(s.t, renewal)).toBe('applied');
    expect(await membershipRow(s.t, membership.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodStart: at(period.start), currentPeriodEnd: at(period.end) });
    expect(await deliver(s.t, failure)).toBe('stale');
    expect(await membershipRow(s.t, membership.id)).toMatchObject({ status: 'active', failedAttempts: 0, graceUntil: null, currentPeriodEnd: at(period.end) });
  });

  it('an ended membership never comes back, and a deletion delivered before the creation creates nothing', async () => {
    const { account, sub, membership, tier } = await activeMember('acct_order4');
    const live = s.standIn.subscription(sub);
    const deleted = connectedSubscriptionEvent({ type: 'customer.subscription.deleted', account, created: T0 + 10 * DAY_S, subscription: { ...live, status: 'canceled' } });
    expect(await deliver(s.t, deleted)).toBe('applied');
    const lateActive = connectedSubscriptionEvent({ type: 'customer.subscription.updated', account, created: T0 + 5 * DAY_S, subscription: live });
    const latePaid = connectedInvoiceEvent({ type: 'invoice.paid', account, created: T0 + 30 * DAY_S, subscription: live, billingReason: 'subscription_cycle', period: { start: T0 + 30 * DAY_S, end: T0 + 61 * DAY_S } });
    expect(await deliver(s.t, lateActive)).toBe('stale');
    expect(await deliver(s.t, latePaid)).toBe('ignored');
    expect(await membershipRow(s.t, membership.id)).toMatchObject({ status: 'ended', endedAt: at(T0 + 10 * DAY_S) });

    const other = await joinOnStripe(s.t, s.standIn, tier, T0);
    const otherDeleted = connectedSubscriptionEvent({ type: 'customer.subscription.deleted', account, created: T0 + DAY_S, subscription: { ...other.subscription, status: 'canceled' } });
    expect(await deliver(s.t, otherDeleted)).toBe('ignored');
    expect(await deliver(s.t, connectedSubscriptionEvent({ type: 'customer.subscription.created', account, created: T0, subscription: other.subscription }))).toBe('stale');
    expect(await membershipOfSubscription(s.t, other.subscription.id)).toBeNull();
  });

  it('another store’s account naming this store’s subscription, or its checkout, changes nothing', async () => {
    const { sub, membership, joined } = await activeMember('acct_victim1');
    await stripeStore(s.t, 'acct_attacker1');
    const foreign = { ...s.standIn.subscription(sub), cancel_at_period_end: true, status: 'canceled' as const };
    for (const type of ['customer.subscription.updated', 'customer.subscription.deleted'] as const) {
      expect(await deliver(s.t, connectedSubscriptionEvent({ type, account: 'acct_attacker1', created: T0 + DAY_S, subscription: foreign }))).toBe('ignored');
    }
    expect(await deliver(s.t, connectedInvoiceEvent({ type: 'invoice.payment_failed', account: 'acct_attacker1', created: T0 + 31 * DAY_S, subscription: foreign, billingReason: 'subscription_cycle', period: { start: T0 + 31 * DAY_S, end: T0 + 62 * DAY_S } }))).toBe('ignored');
    expect(await deliver(s.t, connectedSessionCompleted({ account: 'acct_attacker1', created: T0, session: joined.session }))).toBe('ignored');
    expect(await membershipRow(s.t, membership.id)).toEqual(membership);

    // A new subscription on the attacker's account whose metadata names the victim's checkout.
    const victim = await stripeStore(s.t, 'acct_victim2');
    const started = await joinOnStripe(s.t, s.standIn, victim.tier, T0);
    const hijack = { ...started.subscription, id: 'sub_hijack1' };
    expect(await deliver(s.t, connectedSubscriptionEvent({ type: 'customer.subscription.created', account: 'acct_attacker1', created: T0, subscription: hijack }))).toBe('ignored');
    expect(await membershipOfSubscription(s.t, 'sub_hijack1')).toBeNull();
    expect((await checkoutRow(s.t, started.checkoutId)).status).toBe('open');
  });
});
