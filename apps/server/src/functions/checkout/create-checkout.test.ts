import { COMMERCE_MESSAGES, PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '#src/db/schema/index.ts';
import { readDownloadToken } from '#src/domain/delivery/download-tokens.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL, testEnv } from '#src/testing/test-env.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { checkoutCall, checkoutsOf, customersOf, insertProduct, newKey, ordersOf, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { errorOf } from './checkout-fixtures.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { callFunction } from '#src/testing/call-function.ts';

describe('createCheckout and the built-in test provider', () => {
  let t: TestApp;
  let store: { id: string; slug: string };

  beforeAll(async () => {
    t = await createTestApp();
    const creator = await signedInCreator(t);
    store = await createStoreAs(t, creator, 'ivy-prints');
  });
  afterAll(() => t?.close());

  it('a free product skips payment: the order, the customer and the receipt exist at once', async () => {
    const product = await insertProduct(t, store.id, { priceMode: 'free', priceCents: 0, title: 'Free Zine' });
    const answer = await startCheckout(t, { storeId: store.id, productId: product.id, email: 'Free@Example.com', name: 'Fay' });
    expect(answer.orderId).toMatch(/^ord_/);
    expect(answer.checkoutUrl).toBe(`${TEST_PUBLIC_URL}/ivy-prints/checkout/success?checkout=${answer.checkoutId}`);
    const order = (await ordersOf(t, store.id)).find((row) => row.id === answer.orderId);
    expect(order).toMatchObject({ provider: 'free', amountCents: 0, status: 'paid', productTitle: 'Free Zine' });
    const customer = (await customersOf(t, store.id)).find((row) => row.email === 'free@example.com');
    expect(customer).toMatchObject({ name: 'Fay' });
    const [receipt] = await queuedEmails(t, 'free@example.com');
    expect(receipt?.subject).toBe('Your free download: Free Zine');
    expect(receipt?.text).toContain(`${TEST_PUBLIC_URL}/ivy-prints/members/signup`);
  });

  it('a lead magnet is free whatever amount the client sends', async () => {
    const product = await insertProduct(t, store.id, { type: 'lead-magnet', priceMode: 'free', priceCents: 0 });
    const answer = await startCheckout(t, { storeId: store.id, productId: product.id, amount: 5000, email: 'lead@example.com' });
    const order = (await ordersOf(t, store.id)).find((row) => row.id === answer.orderId);
    expect(order?.amountCents).toBe(0);
    const [receipt] = await queuedEmails(t, 'lead@example.com');
    expect(receipt?.text).toMatch(new RegExp(`${TEST_PUBLIC_URL}/api/downloads/\\S+`));
  });

  it('a fixed price ignores the client amount and answers the test card page, with no order yet', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 1500 });
    const answer = await startCheckout(t, { storeId: store.id, productId: product.id, amount: 1 });
    expect(answer.orderId).toBeUndefined();
    expect(answer.checkoutUrl).toBe(`${TEST_PUBLIC_URL}/api/checkout/test/${answer.checkoutId}`);
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, answer.checkoutId));
    expect(row).toMatchObject({ amountCents: 1500, currency: 'USD', provider: 'test', status: 'open' });
    expect((await ordersOf(t, store.id)).some((order) => order.checkoutId === answer.checkoutId)).toBe(false);
  });

  it('the test card pays: exactly one order, the customer, the receipt with the access link', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 2500, title: 'Poster Pack' });
    const email = 'buyer-one@example.com';
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: product.id, email, name: 'Bea', marketingConsent: true });
    const paid = await payWithCard(t, checkoutId, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${TEST_PUBLIC_URL}/ivy-prints/checkout/success?checkout=${checkoutId}`);
    const again = await payWithCard(t, checkoutId, '4242424242424242');
    expect(again.statusCode).toBe(303);

    const made = (await ordersOf(t, store.id)).filter((order) => order.checkoutId === checkoutId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ provider: 'test', amountCents: 2500, productTitle: 'Poster Pack', platformFeeCents: 0 });
    expect(made[0]?.providerPaymentId).toMatch(/^testpay_/);
    const customer = (await customersOf(t, store.id)).find((row) => row.email === email);
    expect(customer).toMatchObject({ name: 'Bea', marketingConsent: true, id: made[0]?.customerId });

    const receipts = await queuedEmails(t, email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe('Your receipt for Poster Pack');
    expect(receipts[0]?.text).toContain('$25.00');
    const link = /\/api\/downloads\/(\S+)/.exec(receipts[0]!.text)?.[1];
    expect(readDownloadToken(t.env, link!, new Date())).toMatchObject({ kind: 'order', orderId: made[0]?.id });

    const status = await callFunction(t.app, 'getCheckoutStatus', { checkoutId });
    expect(status.json().result).toEqual({
      status: 'completed', orderId: made[0]?.id, productTitle: 'Poster Pack', productType: 'digital', storeSlug: 'ivy-prints', amountCents: 2500, currency: 'USD', files: [],
    });
    const page = await t.app.inject({ url: `/api/checkout/test/${checkoutId}` });
    expect(page.statusCode).toBe(303);
  });

  it('a declined card makes no order and no customer, and says so', async () => {
    const product = await insertProduct(t, store.id);
    const email = 'declined@example.com';
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: product.id, email });
    const declined = await payWithCard(t, checkoutId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(COMMERCE_MESSAGES.cardDeclined);
    const invalid = await payWithCard(t, checkoutId, '1234 5678');
    expect(invalid.body).toContain(COMMERCE_MESSAGES.cardInvalid);
    expect((await ordersOf(t, store.id)).some((order) => order.checkoutId === checkoutId)).toBe(false);
    expect((await customersOf(t, store.id)).some((row) => row.email === email)).toBe(false);
    expect(await queuedEmails(t, email)).toEqual([]);
    expect((await callFunction(t.app, 'getCheckoutStatus', { checkoutId })).json().result).toMatchObject({ status: 'open', orderId: null });
  });

  it('pay-what-you-want: the amount is required, the minimum and the smallest charge hold, at the minimum it is accepted', async () => {
    const product = await insertProduct(t, store.id, { priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 500 });
    const base = { storeId: store.id, productId: product.id };
    expect(errorOf(await checkoutCall(t, base))).toMatchObject({ status: 400, message: COMMERCE_MESSAGES.amountRequired });
    expect(errorOf(await checkoutCall(t, { ...base, amount: 499 }))).toMatchObject({ status: 400, message: COMMERCE_MESSAGES.amountTooLow });
    const atMinimum = await startCheckout(t, { ...base, amount: 500 });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, atMinimum.checkoutId));
    expect(row?.amountCents).toBe(500);

    const fromZero = await insertProduct(t, store.id, { priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 0 });
    const below = PRODUCT_LIMITS.minPriceCents - 1;
    expect(errorOf(await checkoutCall(t, { storeId: store.id, productId: fromZero.id, amount: below }))).toMatchObject({ message: COMMERCE_MESSAGES.amountTooLow });
    const smallest = await startCheckout(t, { storeId: store.id, productId: fromZero.id, amount: PRODUCT_LIMITS.minPriceCents });
    expect(smallest.orderId).toBeUndefined();
    const free = await startCheckout(t, { storeId: store.id, productId: fromZero.id, amount: 0 });
    expect(free.orderId).toMatch(/^ord_/);
  });

  it('draft, archived, unknown and other-store products are not for sale; link products have no checkout', async () => {
    const draft = await insertProduct(t, store.id, { status: 'draft' });
    const archived = await insertProduct(t, store.id, { status: 'archived' });
    const other = await createStoreAs(t, await signedInCreator(t), 'other-shop');
    const foreign = await insertProduct(t, other.id);
    const notForSale = { status: 404, code: 'NOT_FOUND', message: PRODUCT_MESSAGES.notForSale };
    expect(errorOf(await checkoutCall(t, { storeId: store.id, productId: draft.id }))).toEqual(notForSale);
    expect(errorOf(await checkoutCall(t, { storeId: store.id, productId: archived.id }))).toEqual(notForSale);
    expect(errorOf(await checkoutCall(t, { storeId: store.id, productId: 'prd_doesnotexist00000000' }))).toEqual(notForSale);
    expect(errorOf(await checkoutCall(t, { storeId: store.id, productId: foreign.id }))).toEqual(notForSale);
    const link = await insertProduct(t, store.id, { type: 'link' });
    expect(errorOf(await checkoutCall(t, { storeId: store.id, productId: link.id }))).toMatchObject({ status: 400, message: PRODUCT_MESSAGES.notForSale });
    expect(await checkoutsOf(t, other.id)).toEqual([]);
  });

  it('is idempotent: one key is one checkout, also under five concurrent calls', async () => {
    const product = await insertProduct(t, store.id);
    const idempotencyKey = newKey();
    const data = { storeId: store.id, productId: product.id, idempotencyKey };
    const replies = await Promise.all(Array.from({ length: 5 }, () => checkoutCall(t, data)));
    const answers = replies.map((reply) => reply.json().result);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const rows = (await checkoutsOf(t, store.id)).filter((row) => row.idempotencyKey === idempotencyKey);
    expect(rows).toHaveLength(1);
    expect((await checkoutCall(t, data)).json().result).toEqual(answers[0]);
  });

  it('five concurrent free checkouts with one key make one order and one receipt', async () => {
    const product = await insertProduct(t, store.id, { priceMode: 'free', priceCents: 0 });
    const data = { storeId: store.id, productId: product.id, idempotencyKey: newKey(), email: 'five@example.com' };
    const replies = await Promise.all(Array.from({ length: 5 }, () => checkoutCall(t, data)));
    const orderIds = new Set(replies.map((reply) => reply.json().result.orderId));
    expect(orderIds.size).toBe(1);
    expect((await ordersOf(t, store.id)).filter((order) => orderIds.has(order.id))).toHaveLength(1);
    expect(await queuedEmails(t, 'five@example.com')).toHaveLength(1);
  });

  it('getCheckoutStatus answers not-found for an unknown id', async () => {
    const reply = await callFunction(t.app, 'getCheckoutStatus', { checkoutId: 'chk_doesnotexist00000000' });
    expect(errorOf(reply)).toMatchObject({ status: 404, message: COMMERCE_MESSAGES.checkoutNotFound });
  });
});

describe('with no payment provider available', () => {
  let t: TestApp;
  let store: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ env: testEnv({ TEST_PAYMENTS: 'off' }) });
    store = await createStoreAs(t, await signedInCreator(t), 'no-payments');
  });
  afterAll(() => t?.close());

  it('paid checkouts are refused, free ones still work, and the test page is gone', async () => {
    const paid = await insertProduct(t, store.id);
    expect(errorOf(await checkoutCall(t, { storeId: store.id, productId: paid.id }))).toMatchObject({
      status: 400, code: 'FAILED_PRECONDITION', message: COMMERCE_MESSAGES.paymentsNotConnected,
    });
    expect(await checkoutsOf(t, store.id)).toEqual([]);
    const free = await insertProduct(t, store.id, { priceMode: 'free', priceCents: 0 });
    expect((await startCheckout(t, { storeId: store.id, productId: free.id })).orderId).toMatch(/^ord_/);
    expect((await t.app.inject({ url: '/api/checkout/test/chk_doesnotexist00000000' })).statusCode).toBe(404);
  });
});
