import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { membershipTiers } from '#src/db/schema/index.ts';
import { membershipRow } from '#src/testing/memberships.ts';
import { connectedInvoiceEvent } from '#src/testing/stripe-connected-events.ts';
import { STRIPE_MEMBER_MESSAGES } from './stripe-member-requests.ts';
import type { stripeStore} from './stripe-membership-fixtures.ts';
import { DAY_S, deliver, joinedStripeMember, joinOnStripe, siblingTier, stripeSuite } from './stripe-membership-fixtures.ts';

describe('a Stripe member’s self-service goes to the subscription; the state follows its webhook', () => {
  const s = stripeSuite();
  const T0 = Math.floor(Date.now() / 1000) - 5 * DAY_S;

  const member = (account: string, tier: Parameters<typeof stripeStore>[2] = {}) => joinedStripeMember(s, account, tier, T0);
  const lastUpdate = (sub: string) => s.standIn.requestsTo(`/v1/subscriptions/${sub}`).at(-1);

  it('change tier: the item moves to the new tier’s Price with proration invoiced; the tier and price move on the webhook', async () => {
    const m = await member('acct_self1');
    const upper = await siblingTier(s.t, m.tier, { monthlyPriceCents: 2000 });
    const reply = await m.call('changeMyMembershipTier', { ...m.key, tierId: upper.id });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().result.membership).toMatchObject({ tier: { id: m.tier.id } });
    const newPrice = s.standIn.requestsTo('/v1/prices').at(-1)!;
    expect(newPrice).toMatchObject({ stripeAccount: m.account, body: { unit_amount: '2000', 'metadata[tierId]': upper.id } });
    const request = lastUpdate(m.sub)!;
    expect(request).toMatchObject({
      stripeAccount: m.account,
      body: { 'items[0][id]': m.joined.subscription.items.data[0]!.id, 'proration_behavior': 'always_invoice', 'metadata[tierId]': upper.id },
    });
    expect(s.standIn.subscription(m.sub).items.data[0]!.price.unit_amount).toBe(2000);
    expect(await membershipRow(s.t, m.membership.id)).toMatchObject({ tierId: m.tier.id, priceCents: 900 });

    expect(await m.updated()).toBe('applied');
    expect(await membershipRow(s.t, m.membership.id)).toMatchObject({ tierId: upper.id, priceCents: 2000 });
    const proration = connectedInvoiceEvent({ type: 'invoice.paid', account: m.account, created: T0 + 3600, subscription: s.standIn.subscription(m.sub), billingReason: 'subscription_update', amount: 1100 });
    expect(await deliver(s.t, proration)).toBe('applied');
  });

  it('cancel, undo, pause and resume each ask Stripe once per state, and apply on the webhook', async () => {
    const m = await member('acct_self2', { pausable: true });
    expect((await m.call('cancelMyMembership', { ...m.key })).statusCode).toBe(200);
    expect((await m.call('cancelMyMembership', { ...m.key })).statusCode).toBe(200);
    const cancels = s.standIn.requestsTo(`/v1/subscriptions/${m.sub}`);
    expect(new Set(cancels.map((request) => request.idempotencyKey)).size).toBe(1);
    expect(await m.updated()).toBe('applied');
    expect((await membershipRow(s.t, m.membership.id)).cancelAtPeriodEnd).toBe(true);

    expect((await m.call('resumeMyMembership', { ...m.key })).statusCode).toBe(200);
    expect(lastUpdate(m.sub)?.body).toMatchObject({ cancel_at_period_end: 'false' });
    expect(await m.updated()).toBe('applied');
    expect((await membershipRow(s.t, m.membership.id)).cancelAtPeriodEnd).toBe(false);

    expect((await m.call('pauseMyMembership', { ...m.key })).statusCode).toBe(200);
    expect(lastUpdate(m.sub)?.body).toMatchObject({ 'pause_collection[behavior]': 'void' });
    expect((await membershipRow(s.t, m.membership.id)).status).toBe('active');
    expect(await m.updated()).toBe('applied');
    expect((await membershipRow(s.t, m.membership.id)).status).toBe('paused');

    expect((await m.call('unpauseMyMembership', { ...m.key })).statusCode).toBe(200);
    expect(lastUpdate(m.sub)?.body).toEqual({ pause_collection: '' });
    expect(await m.updated()).toBe('applied');
    expect(await membershipRow(s.t, m.membership.id)).toMatchObject({ status: 'active', pausedAt: null });
  });

  it('the customer portal opens on the connected account for the member’s own Stripe membership only', async () => {
    const m = await member('acct_self3');
    const reply = await m.call('openMembershipBillingPortal', { ...m.key });
    expect(reply.statusCode).toBe(200);
    const portal = s.standIn.requestsTo('/v1/billing_portal/sessions').at(-1)!;
    expect(portal).toMatchObject({ stripeAccount: m.account, body: { customer: m.joined.subscription.customer } });
    expect(portal.body.return_url).toMatch(/\/members\/memberships$/);
    expect(reply.json().result.url).toBe(`${s.standIn.url}/portal/${m.joined.subscription.customer}`);

    const stranger = await member('acct_self4');
    const missing = await m.call('openMembershipBillingPortal', { storeId: m.storeId, membershipId: newId('mbr') });
    const foreign = await m.call('openMembershipBillingPortal', { storeId: m.storeId, membershipId: stranger.membership.id });
    expect(foreign.statusCode).toBe(missing.statusCode);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().error).toEqual(missing.json().error);

    const card = await m.call('replaceMyMembershipCard', { ...m.key, card: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', cardName: 'Mia' } });
    expect(card.json().error?.message).toBe(STRIPE_MEMBER_MESSAGES.cardOnStripe);
  });

  it('a new tier price makes a new Price for new members; the existing member’s subscription and price are left alone', async () => {
    const m = await member('acct_price1');
    const requestsBefore = s.standIn.requestsTo(`/v1/subscriptions/${m.sub}`).length;
    await s.t.db.update(membershipTiers).set({ monthlyPriceCents: 1200 }).where(eq(membershipTiers.id, m.tier.id));
    const newcomer = await joinOnStripe(s.t, s.standIn, { ...m.tier, monthlyPriceCents: 1200 }, T0 + DAY_S);
    expect(newcomer.subscription.items.data[0]!.price.unit_amount).toBe(1200);
    expect(newcomer.subscription.items.data[0]!.price.id).not.toBe(m.joined.subscription.items.data[0]!.price.id);
    expect(s.standIn.requestsTo(`/v1/subscriptions/${m.sub}`)).toHaveLength(requestsBefore);
    expect(s.standIn.subscription(m.sub).items.data[0]!.price.unit_amount).toBe(900);

    const period = s.standIn.advanceSubscriptionPeriod(m.sub);
    expect(await deliver(s.t, connectedInvoiceEvent({ type: 'invoice.paid', account: m.account, created: period.start, subscription: s.standIn.subscription(m.sub), billingReason: 'subscription_cycle' }))).toBe('applied');
    expect(await m.updated()).toBe('ignored');
    expect(await membershipRow(s.t, m.membership.id)).toMatchObject({ tierId: m.tier.id, priceCents: 900, status: 'active' });
  });
});
