import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAccounts } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { insertProduct, startCheckout } from '#src/testing/checkout.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import {
  signedStripeWebhook,
  startStripeStandIn,
  stripeInvoiceEvent,
  stripeStandInEnv,
  stripeSubscriptionEvent,
  type StripeStandIn,
} from '#src/testing/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL, testEnv } from '#src/testing/test-env.ts';
import { planOf, publishedStores, storeStates, subscriptionRows } from './billing-fixtures.ts';
import { expireBillingGrace } from './expire-billing-grace.ts';

describe('Stripe Billing: plans change only from verified subscription webhooks', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let seq = 0;
  const T0 = Math.floor(Date.now() / 1000) - 3600;

  const post = (event: Record<string, unknown>) => {
    const delivery = signedStripeWebhook(event);
    return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: delivery.headers, payload: delivery.payload });
  };
  const ids = () => {
    seq++;
    return { subscriptionId: `sub_test${seq}`, customerId: `cus_test${seq}` };
  };

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({ env: testEnv(stripeStandInEnv(standIn)) });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('checkout runs in subscription mode on the platform account; the redirect back alone changes nothing', async () => {
    const creator = await signedInCreator(t);
    const reply = await callFunction(t.app, 'startPlanCheckout', { planId: 'creator', interval: 'year' }, { as: creator });
    expect(reply.statusCode).toBe(200);
    const [request] = standIn.requestsTo('/v1/checkout/sessions').slice(-1);
    expect(request?.stripeAccount).toBeNull();
    expect(request?.body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '29000',
      'line_items[0][price_data][recurring][interval]': 'year',
      'line_items[0][price_data][currency]': 'usd',
      client_reference_id: creator.userId,
      'subscription_data[metadata][userId]': creator.userId,
      'subscription_data[metadata][planId]': 'creator',
      success_url: `${TEST_PUBLIC_URL}/dashboard/settings/billing?checkout=done`,
    });
    expect(reply.json().result.url).toMatch(new RegExp(`^${standIn.url}/pay/cs_test_`));
    // The creator comes back to the success URL: the page loads, the plan is still free.
    await t.app.inject({ method: 'GET', url: '/dashboard/settings/billing?checkout=done' });
    expect(await planOf(t, creator.userId)).toBe('free');
    const billing = (await callFunction(t.app, 'getBilling', {}, { as: creator })).json().result;
    expect(billing).toMatchObject({ planId: 'free', subscription: null, provider: 'stripe' });
  });

  it('a signed subscription event raises the plan; an unsigned or wrongly signed one changes nothing', async () => {
    const creator = await signedInCreator(t);
    const { subscriptionId, customerId } = ids();
    const event = stripeSubscriptionEvent({ type: 'customer.subscription.created', subscriptionId, customerId, userId: creator.userId, planId: 'boss', status: 'active', created: T0 });
    const forged = signedStripeWebhook(event, 'whsec_wrong');
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: forged.headers, payload: forged.payload })).statusCode).toBe(400);
    expect(await planOf(t, creator.userId)).toBe('free');
    const reply = await post(event);
    expect(reply.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await planOf(t, creator.userId)).toBe('boss');
    const [row] = await subscriptionRows(t, creator.userId);
    expect(row).toMatchObject({ provider: 'stripe', providerSubscriptionId: subscriptionId, providerCustomerId: customerId, status: 'active', priceCents: 2900, interval: 'month' });
  });

  it('a subscription event from a connected account (a store’s own Stripe) is not a platform plan event', async () => {
    const creator = await signedInCreator(t);
    const { subscriptionId, customerId } = ids();
    const event = { ...stripeSubscriptionEvent({ type: 'customer.subscription.created', subscriptionId, customerId, userId: creator.userId, planId: 'boss', status: 'active', created: T0 }), account: 'acct_store' };
    expect((await post(event)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await planOf(t, creator.userId)).toBe('free');
  });

  it('a replayed or out-of-order subscription webhook cannot raise a plan that was cancelled', async () => {
    const creator = await signedInCreator(t);
    const { subscriptionId, customerId } = ids();
    const base = { subscriptionId, customerId, userId: creator.userId, planId: 'creator' };
    const created = stripeSubscriptionEvent({ ...base, type: 'customer.subscription.created', status: 'active', created: T0 + 10 });
    const updated = stripeSubscriptionEvent({ ...base, type: 'customer.subscription.updated', status: 'active', created: T0 + 20 });
    const deleted = stripeSubscriptionEvent({ ...base, type: 'customer.subscription.deleted', status: 'canceled', created: T0 + 30 });
    expect((await post(created)).json().outcome).toBe('applied');
    expect((await post(deleted)).json().outcome).toBe('applied');
    expect(await planOf(t, creator.userId)).toBe('free');
    // Late delivery of an older 'active', a replay of the first event, and even a newer 'active' for the same subscription.
    expect((await post(updated)).json().outcome).toBe('stale');
    expect((await post(created)).json().outcome).toBe('replay');
    const later = stripeSubscriptionEvent({ ...base, type: 'customer.subscription.updated', status: 'active', created: T0 + 40 });
    expect((await post(later)).json().outcome).toBe('stale');
    const paid = stripeInvoiceEvent({ type: 'invoice.paid', subscriptionId, customerId, userId: creator.userId, created: T0 + 50 });
    expect((await post(paid)).json().outcome).toBe('stale');
    expect(await planOf(t, creator.userId)).toBe('free');
    expect((await subscriptionRows(t, creator.userId))[0]?.status).toBe('canceled');
  });

  it('an older update delivered after a newer one does not overwrite it', async () => {
    const creator = await signedInCreator(t);
    const { subscriptionId, customerId } = ids();
    const base = { subscriptionId, customerId, userId: creator.userId, status: 'active' };
    await post(stripeSubscriptionEvent({ ...base, type: 'customer.subscription.updated', planId: 'boss', created: T0 + 200 }));
    expect((await post(stripeSubscriptionEvent({ ...base, type: 'customer.subscription.created', planId: 'side-hustle', created: T0 + 100 }))).json().outcome).toBe('stale');
    expect(await planOf(t, creator.userId)).toBe('boss');
  });

  it('10 parallel upgrades and downgrades leave one subscription, the last plan, and stores within its limit', async () => {
    const creator = await signedInCreator(t);
    const stores = await publishedStores(t, creator.userId, 4);
    const { subscriptionId, customerId } = ids();
    const plans = ['boss', 'side-hustle', 'creator', 'side-hustle', 'boss', 'creator', 'side-hustle', 'boss', 'side-hustle', 'creator'];
    const events = plans.map((planId, index) =>
      stripeSubscriptionEvent({
        type: index === 0 ? 'customer.subscription.created' : 'customer.subscription.updated',
        subscriptionId,
        customerId,
        userId: creator.userId,
        planId,
        status: 'active',
        created: T0 + 1000 + index,
      }),
    );
    const shuffled = [...events].sort(() => Math.random() - 0.5);
    const replies = await Promise.all(shuffled.map((event) => post(event)));
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect(await planOf(t, creator.userId)).toBe('creator');
    const rows = await subscriptionRows(t, creator.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planId: 'creator', lastEventId: events[9]!.id });
    const states = await storeStates(t, creator.userId);
    expect(Object.values(states).filter((reason) => reason === null)).toHaveLength(3);
    expect(states[stores[3]!]).toBe('plan-limit');
  });

  it('a failed payment keeps the plan for 7 days, then the account drops to free and extra stores go offline', async () => {
    const creator = await signedInCreator(t);
    const [first, second, third] = await publishedStores(t, creator.userId, 3);
    const { subscriptionId, customerId } = ids();
    const now = Math.floor(Date.now() / 1000);
    await post(stripeSubscriptionEvent({ type: 'customer.subscription.created', subscriptionId, customerId, userId: creator.userId, planId: 'creator', status: 'active', created: now - 10 }));
    expect(await storeStates(t, creator.userId)).toEqual({ [first!]: null, [second!]: null, [third!]: null });
    await post(stripeInvoiceEvent({ type: 'invoice.payment_failed', subscriptionId, customerId, userId: creator.userId, created: now }));
    const [row] = await subscriptionRows(t, creator.userId);
    expect(row?.status).toBe('past_due');
    expect(row?.graceUntil?.getTime()).toBe((now + 7 * 86_400) * 1000);
    const billing = (await callFunction(t.app, 'getBilling', {}, { as: creator })).json().result;
    expect(billing).toMatchObject({ planId: 'creator', subscription: { status: 'past_due', graceUntil: row?.graceUntil?.toISOString() } });

    const sixDays = new Date((now + 6 * 86_400) * 1000);
    expect(await expireBillingGrace(t.db, sixDays)).toEqual({ dropped: [] });
    expect(await planOf(t, creator.userId)).toBe('creator');

    const eightDays = new Date((now + 8 * 86_400) * 1000);
    expect((await expireBillingGrace(t.db, eightDays)).dropped).toContain(creator.userId);
    expect(await planOf(t, creator.userId)).toBe('free');
    expect(await storeStates(t, creator.userId)).toEqual({ [first!]: null, [second!]: 'plan-limit', [third!]: 'plan-limit' });
    // A later successful payment brings the plan and the stores back.
    await post(stripeInvoiceEvent({ type: 'invoice.paid', subscriptionId, customerId, userId: creator.userId, created: now + 9 * 86_400 }));
    expect(await planOf(t, creator.userId)).toBe('creator');
    expect(Object.values(await storeStates(t, creator.userId))).toEqual([null, null, null]);
  });

  it('changing plan asks Stripe and waits for the event; cancelling to free deletes the subscription', async () => {
    const creator = await signedInCreator(t);
    const [keep, other] = await publishedStores(t, creator.userId, 2);
    const { subscriptionId, customerId } = ids();
    await post(stripeSubscriptionEvent({ type: 'customer.subscription.created', subscriptionId, customerId, userId: creator.userId, planId: 'creator', status: 'active', created: T0 + 5000 }));

    const change = await callFunction(t.app, 'changePlan', { planId: 'boss' }, { as: creator });
    expect(change.json().result).toEqual({ status: 'pending' });
    const [update] = standIn.requestsTo(`/v1/subscriptions/${subscriptionId}`).slice(-1);
    expect(update?.body).toMatchObject({ 'items[0][id]': `si_${subscriptionId.slice(4)}`, 'items[0][price_data][unit_amount]': '9900', 'metadata[planId]': 'boss' });
    expect(update?.stripeAccount).toBeNull();
    expect(await planOf(t, creator.userId)).toBe('creator');
    expect((await callFunction(t.app, 'getBilling', {}, { as: creator })).json().result.pendingPlanId).toBe('boss');

    const refused = await callFunction(t.app, 'changePlan', { planId: 'free' }, { as: creator });
    expect(errorOf(refused)).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Choose at most 1 store to keep published.' });
    const cancel = await callFunction(t.app, 'changePlan', { planId: 'free', keepStoreIds: [other] }, { as: creator });
    expect(cancel.statusCode).toBe(200);
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${subscriptionId}` });
    expect(await storeStates(t, creator.userId)).toEqual({ [keep!]: null, [other!]: null });
    await post(stripeSubscriptionEvent({ type: 'customer.subscription.deleted', subscriptionId, customerId, userId: creator.userId, planId: 'creator', status: 'canceled', created: T0 + 5001 }));
    expect(await planOf(t, creator.userId)).toBe('free');
    expect(await storeStates(t, creator.userId)).toEqual({ [keep!]: 'plan-limit', [other!]: null });
  });

  it('the portal and the invoices come from Stripe for the creator’s own customer', async () => {
    const creator = await signedInCreator(t);
    const { subscriptionId, customerId } = ids();
    await post(stripeSubscriptionEvent({ type: 'customer.subscription.created', subscriptionId, customerId, userId: creator.userId, planId: 'creator', status: 'active', created: T0 }));
    standIn.invoices.set(customerId, [
      { id: 'in_1', object: 'invoice', number: 'A-0001', created: T0, amount_paid: 2900, amount_due: 2900, currency: 'usd', status: 'paid', invoice_pdf: 'https://pay.example/in_1.pdf' },
    ]);
    const portal = await callFunction(t.app, 'openBillingPortal', {}, { as: creator });
    expect(portal.json().result.url).toBe(`${standIn.url}/portal/${customerId}`);
    expect(standIn.requestsTo('/v1/billing_portal/sessions').at(-1)?.body).toMatchObject({ customer: customerId, return_url: `${TEST_PUBLIC_URL}/dashboard/settings/billing` });
    const invoices = await callFunction(t.app, 'listInvoices', {}, { as: creator });
    expect(invoices.json().result.invoices).toEqual([
      { id: 'in_1', number: 'A-0001', createdAt: new Date(T0 * 1000).toISOString(), amountCents: 2900, currency: 'usd', status: 'paid', downloadUrl: 'https://pay.example/in_1.pdf' },
    ]);
    const stranger = await signedInCreator(t);
    expect(errorOf(await callFunction(t.app, 'openBillingPortal', {}, { as: stranger })).status).toBe('FAILED_PRECONDITION');
    expect((await callFunction(t.app, 'listInvoices', {}, { as: stranger })).json().result.invoices).toEqual([]);
  });

  it('the platform fee comes from the store owner’s plan: 5 % on free, none on a paid plan', async () => {
    const owner: TestCreator = await signedInCreator(t);
    const [storeId] = await publishedStores(t, owner.userId, 1);
    await t.db.insert(paymentAccounts).values({ storeId: storeId!, provider: 'stripe', accountId: 'acct_fee', connectedAt: new Date() });
    const product = await insertProduct(t, storeId!, { priceCents: 2000 });
    await startCheckout(t, { storeId, productId: product.id, email: 'buyer@example.com' });
    expect(standIn.requestsTo('/v1/checkout/sessions').at(-1)?.body['payment_intent_data[application_fee_amount]']).toBe('100');

    const { subscriptionId, customerId } = ids();
    await post(stripeSubscriptionEvent({ type: 'customer.subscription.created', subscriptionId, customerId, userId: owner.userId, planId: 'side-hustle', status: 'active', created: T0 }));
    await startCheckout(t, { storeId, productId: product.id, email: 'buyer2@example.com' });
    expect(standIn.requestsTo('/v1/checkout/sessions').at(-1)?.body['payment_intent_data[application_fee_amount]']).toBeUndefined();
  });
});
