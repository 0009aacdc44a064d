import { UPSELL_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutUpsells, checkouts, orders, products } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { insertProduct, newKey, startCheckout } from '#src/testing/checkout.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { savedMethodOf } from '#src/testing/stripe-stand-in-payment-intents.ts';
import { signedStripeWebhook, startStripeStandIn, stripeSessionCompleted, stripeStandInEnv, type StripeStandIn } from '#src/testing/stripe-stand-in.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';

describe('one-click upsell with Stripe (against the stand-in)', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let creator: TestCreator;
  let store: { id: string; slug: string };
  let main: { id: string };
  let addOn: { id: string };

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({ env: testEnv(stripeStandInEnv(standIn, { STRIPE_PLATFORM_FEE_PERCENT: '10' })) });
    creator = await signedInCreator(t);
    store = await createStoreAs(t, creator, 'upsell-shop');
    const { url } = (await callFunction(t.app, 'startStripeConnect', { storeId: store.id }, { as: creator })).json().result as { url: string };
    const code = `ac_${newKey()}`;
    standIn.oauthCodes.set(code, { accountId: 'acct_upsell' });
    await callFunction(t.app, 'completeStripeConnect', { code, state: new URL(url).searchParams.get('state')! }, { as: creator });
    main = await insertProduct(t, store.id, { priceCents: 2000, title: 'Brush Pack' });
    addOn = await insertProduct(t, store.id, { priceCents: 1500, title: 'Texture Pack' });
    await t.db.update(products).set({ upsellProductId: addOn.id, upsellPriceCents: 900 }).where(eq(products.id, main.id));
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  /** Buys the main product: the Checkout Session, then Stripe's signed `checkout.session.completed`. */
  const buy = async () => {
    const before = standIn.requestsTo('/v1/checkout/sessions').length;
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: main.id });
    const session = standIn.requestsTo('/v1/checkout/sessions').slice(before)[0]!;
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    const event = stripeSessionCompleted({ checkoutId, sessionId: row!.providerSessionId!, account: 'acct_upsell', amount: 2000 });
    const delivery = signedStripeWebhook(event);
    const reply = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: delivery.headers, payload: delivery.payload });
    expect(reply.statusCode).toBe(200);
    return { checkoutId, session, paymentIntent: event.data.object.payment_intent };
  };
  const accept = (checkoutId: string) => callFunction(t.app, 'acceptUpsell', { checkoutId, productId: addOn.id });
  const charges = () => standIn.requestsTo('/v1/payment_intents').filter((request) => request.method === 'POST');

  it('a product with an upsell saves the card for off-session use on the connected account; one without does not', async () => {
    const { session } = await buy();
    expect(session).toMatchObject({ stripeAccount: 'acct_upsell' });
    expect(session.body).toMatchObject({ 'payment_intent_data[setup_future_usage]': 'off_session', 'payment_intent_data[application_fee_amount]': '200', customer_creation: 'always' });
    const before = standIn.requestsTo('/v1/checkout/sessions').length;
    await startCheckout(t, { storeId: store.id, productId: addOn.id });
    const plain = standIn.requestsTo('/v1/checkout/sessions').slice(before)[0]!;
    expect(plain.body).not.toHaveProperty('payment_intent_data[setup_future_usage]');
    expect(plain.body).not.toHaveProperty('customer_creation');
  });

  it('the webhook stores the saved payment method; yes charges it off session once and makes a second order', async () => {
    const { checkoutId, paymentIntent } = await buy();
    const saved = savedMethodOf(paymentIntent);
    const [offer] = await t.db.select().from(checkoutUpsells).where(eq(checkoutUpsells.checkoutId, checkoutId));
    expect(offer).toMatchObject({ paymentMethod: saved.paymentMethod, providerCustomer: saved.customer, status: 'offered', priceCents: 900 });
    const before = charges().length;
    const [a, b] = await Promise.all([accept(checkoutId), accept(checkoutId)]);
    expect(a.json().result.upsell).toMatchObject({ status: 'accepted' });
    expect(b.json().result.upsell.orderId).toBe(a.json().result.upsell.orderId);
    const sent = charges().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ stripeAccount: 'acct_upsell', idempotencyKey: `upsell_${checkoutId}` });
    expect(sent[0]!.body).toMatchObject({
      amount: '900',
      currency: 'usd',
      payment_method: saved.paymentMethod,
      customer: saved.customer,
      off_session: 'true',
      confirm: 'true',
      application_fee_amount: '90',
    });
    const [second] = await t.db.select().from(orders).where(eq(orders.id, a.json().result.upsell.orderId));
    expect(second).toMatchObject({ productId: addOn.id, amountCents: 900, provider: 'stripe', providerAccountId: 'acct_upsell', platformFeeCents: 90, status: 'paid' });
    expect(second!.providerPaymentId).toMatch(/^pi_/);
  });

  it('a declined off-session charge answers the message and leaves the first order as it was', async () => {
    const { checkoutId, paymentIntent } = await buy();
    standIn.paymentIntents.declining.set(savedMethodOf(paymentIntent).paymentMethod, 'card_declined');
    const [first] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    const answer = await accept(checkoutId);
    expect(answer.json().result.upsell).toMatchObject({ status: 'failed', message: UPSELL_MESSAGES.cardDeclined, orderId: null });
    expect((await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId)))[0]).toEqual(first);
    expect(first).toMatchObject({ status: 'paid', amountCents: 2000, refundedCents: 0 });
    expect(await t.db.select().from(checkouts).where(eq(checkouts.idempotencyKey, `upsell_${checkoutId}`))).toMatchObject([{ status: 'open' }]);
  });

  it('after no thanks, the downsell charges the same saved method off session once, with its own idempotency key', async () => {
    await t.db.update(products).set({ downsellProductId: addOn.id, downsellPriceCents: 600 }).where(eq(products.id, main.id));
    const { checkoutId, paymentIntent } = await buy();
    const saved = savedMethodOf(paymentIntent);
    expect((await callFunction(t.app, 'declineUpsell', { checkoutId })).json().result.upsell.downsell).toMatchObject({ productId: addOn.id, priceCents: 600, status: 'offered' });
    const before = charges().length;
    const accepted = await callFunction(t.app, 'acceptDownsell', { checkoutId, productId: addOn.id });
    const downsell = accepted.json().result.upsell.downsell;
    expect(downsell).toMatchObject({ status: 'accepted' });
    expect((await callFunction(t.app, 'acceptDownsell', { checkoutId, productId: addOn.id })).json().result.upsell.downsell.orderId).toBe(downsell.orderId);
    const sent = charges().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ stripeAccount: 'acct_upsell', idempotencyKey: `downsell_${checkoutId}` });
    expect(sent[0]!.body).toMatchObject({ amount: '600', payment_method: saved.paymentMethod, customer: saved.customer, off_session: 'true', confirm: 'true', application_fee_amount: '60' });
    const [third] = await t.db.select().from(orders).where(eq(orders.id, downsell.orderId));
    expect(third).toMatchObject({ productId: addOn.id, amountCents: 600, provider: 'stripe', providerAccountId: 'acct_upsell', platformFeeCents: 60, status: 'paid' });
  });
});
