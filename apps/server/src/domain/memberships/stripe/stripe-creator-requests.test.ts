import { MEMBERSHIP_MESSAGES as M } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { membershipInvoices } from '#src/db/schema/index.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { membershipRow } from '#src/testing/memberships.ts';
import { connectedInvoiceEvent, connectedRefundEvent, connectedSubscriptionEvent } from '#src/testing/stripe-connected-events.ts';
import { DAY_S, deliver, joinOnStripe, membershipOfSubscription, stripeStore, stripeSuite } from './stripe-membership-fixtures.ts';

describe('the creator cancels and refunds a Stripe member through the connected account; the state follows the webhook', () => {
  const s = stripeSuite();
  const T0 = Math.floor(Date.now() / 1000) - 5 * DAY_S;

  /** A paying Stripe member (its first invoice booked from `invoice.paid`), and the creator's caller. */
  async function member(account: string) {
    const store = await stripeStore(s.t, account, { monthlyPriceCents: 900 });
    const joined = await joinOnStripe(s.t, s.standIn, store.tier, T0);
    const sub = joined.subscription.id;
    expect(await deliver(s.t, connectedSubscriptionEvent({ type: 'customer.subscription.created', account, created: T0, subscription: joined.subscription }))).toBe('applied');
    const paid = connectedInvoiceEvent({ type: 'invoice.paid', account, created: T0, subscription: joined.subscription, billingReason: 'subscription_create', invoiceId: `in_first_${account}` });
    expect(await deliver(s.t, paid)).toBe('applied');
    const membership = (await membershipOfSubscription(s.t, sub))!;
    const creator = (name: string, data: Record<string, unknown>) => callFunction(s.t.app, name, { storeId: store.storeId, ...data }, { as: store.creator });
    let clock = T0;
    const updated = (type: 'customer.subscription.updated' | 'customer.subscription.deleted' = 'customer.subscription.updated') =>
      deliver(s.t, connectedSubscriptionEvent({ type, account, created: (clock += 60), subscription: s.standIn.subscription(sub) }));
    return { ...store, sub, membership, creator, updated };
  }
  const subscriptionCalls = (sub: string) => s.standIn.requestsTo(`/v1/subscriptions/${sub}`);

  it('cancel at the period end: asked once on the member’s account, applied when the webhook arrives', async () => {
    const m = await member('acct_creator1');
    for (let i = 0; i < 2; i++) {
      const reply = await m.creator('cancelMember', { membershipId: m.membership.id, when: 'period_end' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().result).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    }
    const calls = subscriptionCalls(m.sub);
    expect(calls.map((call) => [call.method, call.stripeAccount, call.body.cancel_at_period_end])).toEqual([
      ['POST', m.account, 'true'],
      ['POST', m.account, 'true'],
    ]);
    expect(new Set(calls.map((call) => call.idempotencyKey)).size).toBe(1);
    expect((await membershipRow(s.t, m.membership.id)).cancelAtPeriodEnd).toBe(false);
    expect(await m.updated()).toBe('applied');
    expect(await membershipRow(s.t, m.membership.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  it('cancel now: the subscription is cancelled on Stripe, the member ends when customer.subscription.deleted arrives', async () => {
    const m = await member('acct_creator2');
    const reply = await m.creator('cancelMember', { membershipId: m.membership.id, when: 'now' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().result).toMatchObject({ status: 'active' });
    expect(subscriptionCalls(m.sub).map((call) => [call.method, call.stripeAccount])).toEqual([['DELETE', m.account]]);
    expect(s.standIn.subscription(m.sub).status).toBe('canceled');
    expect((await membershipRow(s.t, m.membership.id)).status).toBe('active');
    expect(await m.updated('customer.subscription.deleted')).toBe('applied');
    expect((await membershipRow(s.t, m.membership.id)).status).toBe('ended');
    const again = await m.creator('cancelMember', { membershipId: m.membership.id, when: 'now' });
    expect(again.json().error.message).toBe(M.memberEnded);
  });

  it('refund the last payment: its PaymentIntent is refunded once on the account; the charge is refunded when refund.created arrives', async () => {
    const m = await member('acct_creator3');
    const [invoice] = await s.t.db.select().from(membershipInvoices).where(eq(membershipInvoices.membershipId, m.membership.id));
    for (let i = 0; i < 2; i++) {
      const reply = await m.creator('refundMemberLastPayment', { membershipId: m.membership.id });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().result).toMatchObject({ refund: { invoiceId: invoice!.id, amountCents: 900 }, member: { lastCharge: { refunded: false }, lifetimeValueCents: 900 } });
    }
    const refunds = s.standIn.requestsTo('/v1/refunds');
    expect(refunds.map((call) => [call.stripeAccount, call.body.payment_intent, call.body['metadata[membershipInvoiceId]']])).toEqual([
      [m.account, `pi_${invoice!.providerInvoiceId}`, invoice!.id],
      [m.account, `pi_${invoice!.providerInvoiceId}`, invoice!.id],
    ]);
    expect(new Set(refunds.map((call) => call.idempotencyKey)).size).toBe(1);

    const refund = { id: 're_member3', object: 'refund', status: 'succeeded', payment_intent: `pi_${invoice!.providerInvoiceId}`, metadata: { membershipInvoiceId: invoice!.id } };
    // Another account naming this charge changes nothing.
    expect(await deliver(s.t, connectedRefundEvent({ type: 'refund.created', account: 'acct_creator_attacker', created: T0 + 60, refund }))).toBe('ignored');
    expect((await m.creator('listMembers', { productId: m.tier.productId })).json().result.members[0]).toMatchObject({ lastCharge: { refunded: false } });
    expect(await deliver(s.t, connectedRefundEvent({ type: 'refund.created', account: m.account, created: T0 + 60, refund }))).toBe('applied');
    expect(await deliver(s.t, connectedRefundEvent({ type: 'refund.updated', account: m.account, created: T0 + 61, refund }))).toBe('stale');
    expect((await m.creator('listMembers', { productId: m.tier.productId })).json().result.members[0]).toMatchObject({ lastCharge: { refunded: true }, lifetimeValueCents: 0, status: 'active' });
    expect((await m.creator('refundMemberLastPayment', { membershipId: m.membership.id })).json().error.message).toBe(M.alreadyRefunded);
  });

  it('another creator’s Stripe member answers like a missing one, and nothing is asked of Stripe', async () => {
    const theirs = await member('acct_creator4');
    const mine = await stripeStore(s.t, 'acct_creator5');
    const before = s.standIn.requests.length;
    for (const [name, data] of [
      ['cancelMember', { when: 'now' }],
      ['refundMemberLastPayment', {}],
    ] as const) {
      const ask = (membershipId: string) => callFunction(s.t.app, name, { storeId: mine.storeId, membershipId, ...data }, { as: mine.creator });
      const foreign = await ask(theirs.membership.id);
      const missing = await ask(missingId('mbr'));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
    }
    expect(s.standIn.requests.length).toBe(before);
    expect(await membershipRow(s.t, theirs.membership.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });
});
