import { COMMERCE_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, checkouts, orders, paymentAccounts, processedWebhookEvents, products } from '#src/db/schema/index.ts';
import { hashToken } from '#src/identity/tokens.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL, testEnv } from '#src/testing/test-env.ts';
import { signedStripeWebhook, startStripeStandIn, stripeSessionCompleted as sessionCompleted, STAND_IN_SECRETS, stripeStandInEnv, type StripeStandIn } from '#src/testing/stripe-stand-in.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { checkoutCall, customersOf, insertProduct, newKey, ordersOf, startCheckout } from '#src/testing/checkout.ts';
import { errorOf } from './checkout-fixtures.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { callFunction } from '#src/testing/call-function.ts';

describe('Stripe Connect checkouts, webhooks and OAuth (against the stand-in)', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let creator: TestCreator;
  let mallory: TestCreator;
  let store: { id: string; slug: string };

  const postWebhook = (delivery: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: delivery.headers, payload: delivery.payload });

  async function connect(who: TestCreator, storeId: string, accountId: string): Promise<void> {
    const { url } = (await callFunction(t.app, 'startStripeConnect', { storeId }, { as: who })).json().result as { url: string };
    const state = new URL(url).searchParams.get('state')!;
    const code = `ac_${newKey()}`;
    standIn.oauthCodes.set(code, { accountId });
    const reply = await callFunction(t.app, 'completeStripeConnect', { code, state }, { as: who });
    if (reply.statusCode !== 200) throw new Error(reply.body);
  }

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({ env: testEnv(stripeStandInEnv(standIn, { STRIPE_PLATFORM_FEE_PERCENT: '10' })) });
    creator = await signedInCreator(t);
    mallory = await signedInCreator(t);
    store = await createStoreAs(t, creator, 'stripe-shop');
    await connect(creator, store.id, 'acct_creator1');
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('the connect URL carries our client id, read_write, the callback and a state stored only hashed', async () => {
    const reply = await callFunction(t.app, 'startStripeConnect', { storeId: store.id }, { as: creator });
    const url = new URL(reply.json().result.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.url}/oauth/authorize`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(STAND_IN_SECRETS.clientId);
    expect(url.searchParams.get('scope')).toBe('read_write');
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/dashboard/settings/payments/stripe/callback`);
    const state = url.searchParams.get('state')!;
    const [row] = await t.db.select().from(authTokens).where(eq(authTokens.tokenHash, hashToken(state)));
    expect(row).toMatchObject({ kind: 'stripe-connect', userId: creator.userId, data: store.id, usedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(15 * 60 * 1000);
  });

  it('completing connect records the account; the state is single use and bound to its creator', async () => {
    const second = await signedInCreator(t);
    const other = await createStoreAs(t, second, 'second-shop');
    const { url } = (await callFunction(t.app, 'startStripeConnect', { storeId: other.id }, { as: second })).json().result;
    const state = new URL(url).searchParams.get('state')!;
    standIn.oauthCodes.set('ac_good', { accountId: 'acct_second' });

    const stolen = await callFunction(t.app, 'completeStripeConnect', { code: 'ac_good', state }, { as: mallory });
    expect(errorOf(stolen)).toMatchObject({ status: 400, message: COMMERCE_MESSAGES.stripeStateInvalid });
    expect(standIn.requestsTo('/oauth/token').some((request) => request.body.code === 'ac_good')).toBe(false);

    const done = await callFunction(t.app, 'completeStripeConnect', { code: 'ac_good', state }, { as: second });
    expect(done.json().result).toEqual({ storeId: other.id, accountId: 'acct_second' });
    const [account] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, other.id));
    expect(account).toMatchObject({ provider: 'stripe', accountId: 'acct_second', livemode: 0 });

    standIn.oauthCodes.set('ac_again', { accountId: 'acct_evil' });
    const reused = await callFunction(t.app, 'completeStripeConnect', { code: 'ac_again', state }, { as: second });
    expect(errorOf(reused)).toMatchObject({ status: 400, message: COMMERCE_MESSAGES.stripeStateInvalid });
    expect(errorOf(await callFunction(t.app, 'completeStripeConnect', { code: 'ac_again', state: 'made-up-state' }, { as: creator }))).toMatchObject({
      message: COMMERCE_MESSAGES.stripeStateInvalid,
    });
    const [still] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, other.id));
    expect(still?.accountId).toBe('acct_second');
  });

  it('an expired state or a code Stripe refuses is refused', async () => {
    const { url } = (await callFunction(t.app, 'startStripeConnect', { storeId: store.id }, { as: creator })).json().result;
    const state = new URL(url).searchParams.get('state')!;
    const badCode = await callFunction(t.app, 'completeStripeConnect', { code: 'ac_unknown', state }, { as: creator });
    expect(errorOf(badCode)).toMatchObject({ message: COMMERCE_MESSAGES.stripeStateInvalid });

    const second = (await callFunction(t.app, 'startStripeConnect', { storeId: store.id }, { as: creator })).json().result;
    const expiredState = new URL(second.url).searchParams.get('state')!;
    await t.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(authTokens.tokenHash, hashToken(expiredState)));
    standIn.oauthCodes.set('ac_late', { accountId: 'acct_late' });
    expect(errorOf(await callFunction(t.app, 'completeStripeConnect', { code: 'ac_late', state: expiredState }, { as: creator }))).toMatchObject({
      message: COMMERCE_MESSAGES.stripeStateInvalid,
    });
    const [account] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, store.id));
    expect(account?.accountId).toBe('acct_creator1');
  });

  it('a checkout runs on the connected account with the idempotency key and the platform fee', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 2000, title: 'Brush Pack', currency: 'EUR' });
    const before = standIn.requestsTo('/v1/checkout/sessions').length;
    const answer = await startCheckout(t, { storeId: store.id, productId: product.id, email: 'eve@example.com' });
    const [request] = standIn.requestsTo('/v1/checkout/sessions').slice(before);
    expect(request).toMatchObject({ stripeAccount: 'acct_creator1', idempotencyKey: `checkout_${answer.checkoutId}` });
    expect(request?.authorization).toBe(`Bearer ${STAND_IN_SECRETS.secretKey}`);
    expect(request?.body).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2000',
      'line_items[0][price_data][product_data][name]': 'Brush Pack',
      customer_email: 'eve@example.com',
      client_reference_id: answer.checkoutId,
      'metadata[checkoutId]': answer.checkoutId,
      'metadata[storeId]': store.id,
      'payment_intent_data[application_fee_amount]': '200',
      success_url: `${TEST_PUBLIC_URL}/stripe-shop/checkout/success?checkout=${answer.checkoutId}`,
      cancel_url: `${TEST_PUBLIC_URL}/stripe-shop/p/${product.slug}`,
    });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, answer.checkoutId));
    expect(row).toMatchObject({ provider: 'stripe', providerAccountId: 'acct_creator1' });
    expect(answer.checkoutUrl).toBe(`${standIn.url}/pay/${row?.providerSessionId}`);
    expect(await ordersOf(t, store.id)).toEqual([]);
  });

  it('a checkout with the order bump ticked sends Stripe one line item per order line; the fee is on the total', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 2000, title: 'Brush Pack', currency: 'EUR' });
    const addOn = await insertProduct(t, store.id, { priceCents: 1500, title: 'Texture Pack', currency: 'EUR' });
    await t.db.update(products).set({ bumpProductId: addOn.id, bumpPriceCents: 999 }).where(eq(products.id, product.id));
    const before = standIn.requestsTo('/v1/checkout/sessions').length;
    const answer = await startCheckout(t, { storeId: store.id, productId: product.id, orderBump: true });
    const [request] = standIn.requestsTo('/v1/checkout/sessions').slice(before);
    expect(request?.body).toMatchObject({
      'line_items[0][price_data][unit_amount]': '2000',
      'line_items[0][price_data][product_data][name]': 'Brush Pack',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][currency]': 'eur',
      'line_items[1][price_data][unit_amount]': '999',
      'line_items[1][price_data][product_data][name]': 'Texture Pack',
      'payment_intent_data[application_fee_amount]': '299',
    });
    expect(request?.body).not.toHaveProperty('line_items[2][quantity]');
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, answer.checkoutId));
    expect(row).toMatchObject({ amountCents: 2999, bumpProductId: addOn.id, bumpAmountCents: 999 });
  });

  it('a checkout holding a discount use tells Stripe to close the session with the hold; one without a code keeps Stripe’s day', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 2000 });
    const code = await callFunction(t.app, 'createDiscountCode', { storeId: store.id, fields: { code: 'STRIPEHOLD', kind: 'percent', value: 10, productId: null, expiresAt: null, maxUses: 5, maxUsesPerEmail: null, minPriceCents: 0, active: true } }, { as: creator });
    expect(code.statusCode).toBe(200);
    const before = standIn.requestsTo('/v1/checkout/sessions').length;
    const discounted = await startCheckout(t, { storeId: store.id, productId: product.id, discountCode: 'STRIPEHOLD' });
    await startCheckout(t, { storeId: store.id, productId: product.id });
    const [withCode, withoutCode] = standIn.requestsTo('/v1/checkout/sessions').slice(before);
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, discounted.checkoutId));
    expect(withCode?.body.expires_at).toBe(String(Math.floor(row!.expiresAt.getTime() / 1000)));
    expect(Number(withCode?.body.expires_at) * 1000 - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(withoutCode?.body).not.toHaveProperty('expires_at');
  });

  it('a provider outage answers unavailable and a retry with the same key gets the session', async () => {
    const product = await insertProduct(t, store.id);
    const idempotencyKey = newKey();
    standIn.failNext('/v1/checkout/sessions', 3);
    const failed = await checkoutCall(t, { storeId: store.id, productId: product.id, idempotencyKey });
    expect(errorOf(failed)).toMatchObject({ code: 'UNAVAILABLE' });
    const retried = await checkoutCall(t, { storeId: store.id, productId: product.id, idempotencyKey });
    expect(retried.json().result.checkoutUrl).toContain(`${standIn.url}/pay/cs_test_`);
  });

  it('a paid session webhook makes one order, also when replayed and under five concurrent deliveries', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 3000, title: 'Font' });
    const answer = await startCheckout(t, { storeId: store.id, productId: product.id, email: 'wh@example.com', name: 'Web Hook' });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, answer.checkoutId));
    const event = sessionCompleted({ checkoutId: answer.checkoutId, sessionId: row!.providerSessionId!, account: 'acct_creator1', amount: 3000 });

    const replies = await Promise.all(Array.from({ length: 5 }, () => postWebhook(signedStripeWebhook(event))));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const replay = await postWebhook(signedStripeWebhook(event));
    expect(replay.json()).toMatchObject({ outcome: 'replay' });
    const other = await postWebhook(signedStripeWebhook({ ...event, id: `${event.id}_redelivered` }));
    expect(other.json()).toMatchObject({ outcome: 'replay' });

    const made = (await ordersOf(t, store.id)).filter((order) => order.checkoutId === answer.checkoutId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      provider: 'stripe', providerPaymentId: `pi_${answer.checkoutId.slice(4)}`, providerAccountId: 'acct_creator1', amountCents: 3000, platformFeeCents: 300,
    });
    expect((await customersOf(t, store.id)).filter((customer) => customer.email === 'wh@example.com')).toHaveLength(1);
    expect(await queuedEmails(t, 'wh@example.com')).toHaveLength(1);
  });

  it('a webhook whose amount does not match the checkout is refused and writes nothing', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 3000 });
    const answer = await startCheckout(t, { storeId: store.id, productId: product.id });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, answer.checkoutId));
    const event = sessionCompleted({ checkoutId: answer.checkoutId, sessionId: row!.providerSessionId!, account: 'acct_creator1', amount: 1 });
    const reply = await postWebhook(signedStripeWebhook(event));
    expect(reply.json()).toMatchObject({ outcome: 'refused' });
    const wrongAccount = sessionCompleted({ checkoutId: answer.checkoutId, sessionId: row!.providerSessionId!, account: 'acct_other', amount: 3000 });
    expect((await postWebhook(signedStripeWebhook(wrongAccount))).json()).toMatchObject({ outcome: 'ignored' });
    expect((await ordersOf(t, store.id)).some((order) => order.checkoutId === answer.checkoutId)).toBe(false);
  });

  it('a bad signature answers 400 and writes nothing', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 3000 });
    const answer = await startCheckout(t, { storeId: store.id, productId: product.id });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, answer.checkoutId));
    const event = sessionCompleted({ checkoutId: answer.checkoutId, sessionId: row!.providerSessionId!, account: 'acct_creator1', amount: 3000 });
    const forged = signedStripeWebhook(event, 'whsec_not_ours');
    expect((await postWebhook(forged)).statusCode).toBe(400);
    const genuine = signedStripeWebhook(event);
    const tampered = { ...genuine, payload: genuine.payload.replace('"amount_total":3000', '"amount_total":3001') };
    expect((await postWebhook(tampered)).statusCode).toBe(400);
    const unsigned = { payload: genuine.payload, headers: { 'content-type': 'application/json' } };
    expect((await postWebhook(unsigned)).statusCode).toBe(400);
    expect((await ordersOf(t, store.id)).some((order) => order.checkoutId === answer.checkoutId)).toBe(false);
    expect(await t.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.id))).toEqual([]);
  });

  it('charge.refunded marks the order refunded once; other events are ignored', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 1000 });
    const answer = await startCheckout(t, { storeId: store.id, productId: product.id });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, answer.checkoutId));
    const paid = sessionCompleted({ checkoutId: answer.checkoutId, sessionId: row!.providerSessionId!, account: 'acct_creator1', amount: 1000 });
    await postWebhook(signedStripeWebhook(paid));
    const refund = {
      id: `evt_refund_${answer.checkoutId}`,
      object: 'event',
      type: 'charge.refunded',
      account: 'acct_creator1',
      data: { object: { id: 'ch_1', object: 'charge', refunded: true, payment_intent: `pi_${answer.checkoutId.slice(4)}` } },
    };
    expect((await postWebhook(signedStripeWebhook(refund))).json()).toMatchObject({ outcome: 'refunded' });
    expect((await postWebhook(signedStripeWebhook(refund))).json()).toMatchObject({ outcome: 'replay' });
    const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, answer.checkoutId));
    expect(order?.status).toBe('refunded');
    expect(order?.refundedAt).toBeInstanceOf(Date);
    const other = { id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } };
    expect((await postWebhook(signedStripeWebhook(other))).json()).toMatchObject({ outcome: 'ignored' });
  });

  it('follows refunds made in Stripe’s dashboard: partial, late and repeated events, and our own refund', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 1000 });
    const answer = await startCheckout(t, { storeId: store.id, productId: product.id, email: 'dash-refund@example.com' });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, answer.checkoutId));
    await postWebhook(signedStripeWebhook(sessionCompleted({ checkoutId: answer.checkoutId, sessionId: row!.providerSessionId!, account: 'acct_creator1', amount: 1000 })));
    const refundEvent = (id: string, amountRefunded: number) => ({
      id: `evt_${id}_${answer.checkoutId}`,
      object: 'event',
      type: 'charge.refunded',
      account: 'acct_creator1',
      data: {
        object: { id: 'ch_2', object: 'charge', refunded: amountRefunded >= 1000, amount_refunded: amountRefunded, payment_intent: `pi_${answer.checkoutId.slice(4)}`, refunds: { data: [{ id: `re_${id}` }] } },
      },
    });
    const order = async () => (await t.db.select().from(orders).where(eq(orders.checkoutId, answer.checkoutId)))[0]!;

    expect((await postWebhook(signedStripeWebhook(refundEvent('part', 300)))).json()).toMatchObject({ outcome: 'refunded' });
    expect(await order()).toMatchObject({ status: 'paid', refundedCents: 300 });
    expect((await queuedEmails(t, 'dash-refund@example.com')).filter((email) => /refund/i.test(email.subject))).toHaveLength(1);

    // Our own refund of 200 more, then Stripe's event for it (total 500): counted once.
    const ours = await callFunction(t.app, 'refundOrder', { storeId: store.id, orderId: (await order()).id, amountCents: 200 }, { as: creator });
    expect(ours.statusCode).toBe(200);
    expect((await postWebhook(signedStripeWebhook(refundEvent('ours', 500)))).json()).toMatchObject({ outcome: 'ignored' });
    expect((await order()).refundedCents).toBe(500);

    expect((await postWebhook(signedStripeWebhook(refundEvent('rest', 1000)))).json()).toMatchObject({ outcome: 'refunded' });
    expect(await order()).toMatchObject({ status: 'refunded', refundedCents: 1000 });
    // An older event delivered late changes nothing.
    expect((await postWebhook(signedStripeWebhook(refundEvent('late', 300)))).json()).toMatchObject({ outcome: 'ignored' });
    expect(await order()).toMatchObject({ status: 'refunded', refundedCents: 1000 });
    expect((await queuedEmails(t, 'dash-refund@example.com')).filter((email) => /refund/i.test(email.subject))).toHaveLength(3);
  });

  it('settings show Stripe; disconnecting falls back to the test provider and deauthorizes', async () => {
    const owner = await signedInCreator(t);
    const shop = await createStoreAs(t, owner, 'disconnect-shop');
    await connect(owner, shop.id, 'acct_bye');
    const settings = (await callFunction(t.app, 'getPaymentSettings', { storeId: shop.id }, { as: owner })).json().result;
    expect(settings).toMatchObject({ provider: 'stripe', stripe: { configured: true, accountId: 'acct_bye', platformFeePercent: 10 } });
    const after = (await callFunction(t.app, 'disconnectStripe', { storeId: shop.id }, { as: owner })).json().result;
    expect(after).toMatchObject({ provider: 'test', stripe: { accountId: null, connectedAt: null } });
    expect(standIn.requestsTo('/oauth/deauthorize').at(-1)?.body).toMatchObject({ stripe_user_id: 'acct_bye', client_id: STAND_IN_SECRETS.clientId });
    const product = await insertProduct(t, shop.id);
    expect((await startCheckout(t, { storeId: shop.id, productId: product.id })).checkoutUrl).toContain('/api/checkout/test/');
  });

  it('a Stripe refund goes to the connected account', async () => {
    const { getPaymentProvider } = await import('#src/providers/payments/index.ts');
    const result = await getPaymentProvider(t.env, 'stripe').refund({ orderId: 'ord_x', refundId: 'rf_x', accountId: 'acct_creator1', providerPaymentId: 'pi_123', amountCents: 100 });
    expect(result.refundId).toMatch(/^re_/);
    expect(standIn.requestsTo('/v1/refunds').at(-1)).toMatchObject({ stripeAccount: 'acct_creator1', body: { payment_intent: 'pi_123' } });
  });
});

describe('Stripe not configured', () => {
  let t: TestApp;
  let creator: TestCreator;
  let store: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    creator = await signedInCreator(t);
    store = await createStoreAs(t, creator, 'plain-shop');
  });
  afterAll(() => t?.close());

  it('the webhook is 404, connecting answers stripeNotConfigured, settings show test mode', async () => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(reply.statusCode).toBe(404);
    expect(errorOf(await callFunction(t.app, 'startStripeConnect', { storeId: store.id }, { as: creator }))).toMatchObject({
      code: 'FAILED_PRECONDITION', message: COMMERCE_MESSAGES.stripeNotConfigured,
    });
    expect(errorOf(await callFunction(t.app, 'completeStripeConnect', { code: 'ac_1', state: 'x' }, { as: creator }))).toMatchObject({
      message: COMMERCE_MESSAGES.stripeNotConfigured,
    });
    const settings = (await callFunction(t.app, 'getPaymentSettings', { storeId: store.id }, { as: creator })).json().result;
    expect(settings).toEqual({
      provider: 'test', currency: 'USD', testMode: { enabled: true },
      stripe: { configured: false, accountId: null, connectedAt: null, platformFeePercent: 0 },
    });
    const updated = await callFunction(t.app, 'updatePaymentSettings', { storeId: store.id, currency: 'eur' }, { as: creator });
    expect(updated.json().result.currency).toBe('EUR');
    expect(errorOf(await callFunction(t.app, 'updatePaymentSettings', { storeId: store.id, currency: 'XXQ' }, { as: creator }))).toMatchObject({ status: 400 });
    expect(errorOf(await callFunction(t.app, 'getPaymentSettings', { storeId: store.id }))).toMatchObject({ status: 401 });
  });
});
