import { COMMERCE_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { COMMERCE_LIMITS } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '#src/db/schema/index.ts';
import { signDownloadToken } from '#src/domain/delivery/download-tokens.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { startStripeStandIn, stripeStandInEnv, type StripeStandIn } from '#src/testing/stripe-stand-in.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { refundStoreOrder } from '#src/domain/orders/refund-store-order.ts';
import type { PaymentProvider, RefundRequest } from '#src/providers/payments/payment-provider.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { seedCustomer, seedOrder, seedProduct, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { manualClock } from '#src/testing/clock.ts';

function fakeProvider(refund: (request: RefundRequest) => Promise<{ refundId: string }>): PaymentProvider {
  return { id: 'stripe', createCheckoutSession: () => Promise.reject(new Error('unused')), refund: vi.fn(refund) };
}

describe('refundOrder', () => {
  const clock = manualClock(new Date('2030-05-01T12:00:00.000Z'));
  let t: TestApp;
  let shop: SeededStore;
  let newOrder: (extra?: { amountCents?: number; provider?: 'test' | 'stripe' | 'free'; currency?: string }) => Promise<string>;
  let buyer: { id: string; email: string };
  let fileId: string;
  const setup = envWithDataDir();

  beforeAll(async () => {
    t = await createTestApp({ env: setup.env, now: clock.now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    const product = await seedProduct(t, shop.id, { title: 'Glaze Book', files: [{ name: 'glazes.pdf', bytes: Buffer.from('glazes') }] });
    fileId = product.files[0]!.id;
    const customer = await seedCustomer(t, shop.id);
    buyer = customer;
    newOrder = async (extra = {}) => (await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: customer.id, productTitle: 'Glaze Book', ...extra })).id;
  });
  afterAll(async () => {
    await t?.close();
    setup.cleanup();
  });

  const refund = (orderId: string, amountCents?: number, storeId = shop.id) =>
    callFunction(t.app, 'refundOrder', { storeId, orderId, ...(amountCents === undefined ? {} : { amountCents }) }, { as: shop.owner });
  const downloadStatus = async (orderId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/downloads/file/${signDownloadToken(t.env, { kind: 'file', orderId, fileId, expiresAt: clock.now().getTime() + COMMERCE_LIMITS.downloadLinkTtlMs })}`,
      })
    ).statusCode;

  const statusOf = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0];

  it('refunds a test-provider order through the front door; a second refund is refused and changes nothing', async () => {
    const orderId = await newOrder();
    const first = seen(await callFunction(t.app, 'refundOrder', { storeId: shop.id, orderId }, { as: shop.owner }));
    expect(first).toMatchObject({ status: 200, body: { result: { id: orderId, status: 'refunded', refundedAt: '2030-05-01T12:00:00.000Z' } } });

    clock.advance(60_000);
    const second = seen(await callFunction(t.app, 'refundOrder', { storeId: shop.id, orderId }, { as: shop.owner }));
    expect(second).toMatchObject({ status: 400, body: { error: { status: 'FAILED_PRECONDITION', message: COMMERCE_MESSAGES.alreadyRefunded } } });
    expect((await statusOf(orderId))?.refundedAt?.toISOString()).toBe('2030-05-01T12:00:00.000Z');
  });

  it('asks the order’s provider for the refund with its payment id and amount', async () => {
    const orderId = await newOrder({ amountCents: 4200, provider: 'stripe' });
    const provider = fakeProvider(async () => ({ refundId: 're_1' }));
    const refunded = await refundStoreOrder(t.db, { storeId: shop.id, orderId, now: clock.now(), providerFor: () => provider });
    expect(refunded.status).toBe('refunded');
    expect(provider.refund).toHaveBeenCalledOnce();
    expect(provider.refund).toHaveBeenCalledWith(expect.objectContaining({ orderId, amountCents: 4200, providerPaymentId: expect.stringMatching(/^pay_/) }));
  });

  it('a provider failure answers unavailable and the order stays paid', async () => {
    const orderId = await newOrder({ provider: 'stripe' });
    const provider = fakeProvider(async () => {
      throw new Error('card_declined: charge already disputed');
    });
    await expect(refundStoreOrder(t.db, { storeId: shop.id, orderId, now: clock.now(), providerFor: () => provider })).rejects.toMatchObject({
      code: 'unavailable',
      message: COMMERCE_MESSAGES.refundFailed,
    });
    expect(await statusOf(orderId)).toMatchObject({ status: 'paid', refundedAt: null });
  });

  it('a free order is marked refunded without asking any provider (it only revokes access)', async () => {
    const orderId = await newOrder({ amountCents: 0, provider: 'free' });
    const providerFor = vi.fn(() => fakeProvider(async () => ({ refundId: 'never' })));
    const refunded = await refundStoreOrder(t.db, { storeId: shop.id, orderId, now: clock.now(), providerFor });
    expect(refunded.status).toBe('refunded');
    expect(providerFor).not.toHaveBeenCalled();
  });

  it('a Stripe order on a server without Stripe settings cannot be refunded and stays paid', async () => {
    const orderId = await newOrder({ provider: 'stripe' });
    const reply = seen(await callFunction(t.app, 'refundOrder', { storeId: shop.id, orderId }, { as: shop.owner }));
    expect(reply).toMatchObject({ status: 503, body: { error: { message: COMMERCE_MESSAGES.refundFailed } } });
    expect((await statusOf(orderId))?.status).toBe('paid');
  });

  it('a partial refund keeps the order paid and its downloads working; refunding the rest ends access (410)', async () => {
    const orderId = await newOrder({ amountCents: 1250 });
    const partial = seen(await refund(orderId, 500));
    expect(partial).toMatchObject({ status: 200, body: { result: { status: 'paid', refundedCents: 500, refundedAt: null, refunds: [{ amountCents: 500 }] } } });
    expect(await downloadStatus(orderId)).toBe(200);

    clock.advance(60_000);
    const rest = seen(await refund(orderId));
    expect(rest).toMatchObject({ status: 200, body: { result: { status: 'refunded', refundedCents: 1250, refunds: [{ amountCents: 500 }, { amountCents: 750 }] } } });
    expect(await downloadStatus(orderId)).toBe(410);
  });

  it('refuses an amount of zero or less, or more than what remains, and changes nothing', async () => {
    const orderId = await newOrder({ amountCents: 1250 });
    await refund(orderId, 1000);
    for (const amount of [0, -5]) {
      expect(seen(await refund(orderId, amount))).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining(COMMERCE_MESSAGES.refundAmountTooLow) } } });
    }
    expect(seen(await refund(orderId, 251))).toMatchObject({ status: 400, body: { error: { message: COMMERCE_MESSAGES.refundAmountTooHigh } } });
    expect(await statusOf(orderId)).toMatchObject({ status: 'paid', refundedCents: 1000 });
    // Exactly what remains is allowed.
    expect(seen(await refund(orderId, 250))).toMatchObject({ status: 200, body: { result: { status: 'refunded', refundedCents: 1250 } } });
  });

  it('two refunds at once that together exceed what remains: one is refused', async () => {
    const orderId = await newOrder({ amountCents: 1250 });
    const [a, b] = (await Promise.all([refund(orderId, 800), refund(orderId, 800)])).map(seen);
    expect([a!.status, b!.status].sort()).toEqual([200, 400]);
    expect([a, b].find((reply) => reply!.status === 400)).toMatchObject({ body: { error: { message: COMMERCE_MESSAGES.refundAmountTooHigh } } });
    expect(await statusOf(orderId)).toMatchObject({ status: 'paid', refundedCents: 800 });
  });

  it.each([
    ['JPY', 0, 1000, 1],
    ['USD', 2, 1999, 1],
    ['KWD', 3, 12345, 1],
    ['KWD', 3, 12345, 12344],
  ])('%s (%i decimals): refunds exactly the minor units asked for', async (currency, _digits, amountCents, refundCents) => {
    const orderId = await newOrder({ amountCents, currency });
    const reply = seen(await refund(orderId, refundCents));
    expect(reply).toMatchObject({ status: 200, body: { result: { refundedCents: refundCents, currency, status: 'paid' } } });
    clock.advance(60_000);
    expect(seen(await refund(orderId))).toMatchObject({ body: { result: { refundedCents: amountCents, status: 'refunded', refunds: [{ amountCents: refundCents }, { amountCents: amountCents - refundCents }] } } });
  });

  it('queues the buyer a refund email with the amount and whether access ended', async () => {
    const orderId = await newOrder({ amountCents: 2000 });
    const mine = async () => (await queuedEmails(t, buyer.email)).filter((email) => email.tags?.includes('refund') && email.text.includes(orderId));
    await refund(orderId, 500);
    const [partial] = await mine();
    expect(partial).toMatchObject({ subject: 'Refund of $5.00 for Glaze Book' });
    expect(partial!.text).toContain('Your downloads keep working');
    await refund(orderId);
    const [full] = await mine();
    expect(full).toMatchObject({ subject: 'Refund of $15.00 for Glaze Book' });
    expect(full!.text).toContain('In total, $20.00 of this order has been refunded.');
    expect(full!.text).toContain('downloads are no longer available');
    // A refused refund queues nothing.
    await refund(orderId, 1);
    expect(await mine()).toHaveLength(2);
  });

  it('the orders CSV shows each order’s refunded amount in the currency’s own digits', async () => {
    const orderId = await newOrder({ amountCents: 12345, currency: 'KWD' });
    await refund(orderId, 1001);
    const csv = await t.app.inject({ method: 'GET', url: `/api/stores/${shop.id}/orders.csv`, headers: shop.owner.headers });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]!.trim().split(',').slice(-2)).toEqual(['Refunded amount', 'Amount paid']);
    const row = lines.find((line) => line.startsWith(orderId))!;
    expect(row.trim().split(',').slice(-5)).toEqual(['KWD', '', '0', '1.001', '12.345']);
  });

  it('another store’s order answers exactly like a missing one and is not refunded', async () => {
    const stranger = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    const strangerProduct = await seedProduct(t, stranger.id);
    const strangerBuyer = await seedCustomer(t, stranger.id);
    const foreignOrder = (await seedOrder(t, { storeId: stranger.id, productId: strangerProduct.id, customerId: strangerBuyer.id })).id;
    const foreign = seen(await refund(foreignOrder, 100));
    const missing = seen(await refund('ord_00000000000000000000', 100));
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ status: 404, body: { error: { message: COMMERCE_MESSAGES.orderNotFound } } });
    expect(await statusOf(foreignOrder)).toMatchObject({ status: 'paid', refundedCents: 0 });
    // Nor can the other store's owner refund this store's order through their own store id.
    const own = await newOrder();
    expect(seen(await callFunction(t.app, 'refundOrder', { storeId: stranger.id, orderId: own }, { as: stranger.owner }))).toEqual(missing);
  });
});

describe('refundOrder through Stripe (local stand-in)', () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let shop: SeededStore;
  let newOrder: (amountCents: number, currency: string) => Promise<string>;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({ env: testEnv(stripeStandInEnv(standIn)) });
    shop = await seedStore(t, { owner: await signedInCreator(t) });
    const product = await seedProduct(t, shop.id);
    const customer = await seedCustomer(t, shop.id);
    newOrder = async (amountCents, currency) => {
      const { id } = await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: customer.id, amountCents, currency, provider: 'stripe' });
      await t.db.update(orders).set({ providerAccountId: 'acct_creator1', providerPaymentId: `pi_${id}` }).where(eq(orders.id, id));
      return id;
    };
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it.each([
    ['JPY', 1000, 333],
    ['USD', 1999, 1],
    ['KWD', 12345, 1234],
  ])('%s: refunds.create gets the exact amount in minor units, on the connected account, one idempotency key per refund', async (currency, amountCents, refundCents) => {
    const orderId = await newOrder(amountCents, currency);
    const before = standIn.requestsTo('/v1/refunds').length;
    expect(seen(await callFunction(t.app, 'refundOrder', { storeId: shop.id, orderId, amountCents: refundCents }, { as: shop.owner }))).toMatchObject({ status: 200 });
    expect(seen(await callFunction(t.app, 'refundOrder', { storeId: shop.id, orderId }, { as: shop.owner }))).toMatchObject({ body: { result: { status: 'refunded' } } });
    const sent = standIn.requestsTo('/v1/refunds').slice(before);
    expect(sent.map((request) => request.body)).toEqual([
      { payment_intent: `pi_${orderId}`, amount: String(refundCents) },
      { payment_intent: `pi_${orderId}`, amount: String(amountCents - refundCents) },
    ]);
    expect(sent.map((request) => request.stripeAccount)).toEqual(['acct_creator1', 'acct_creator1']);
    expect(new Set(sent.map((request) => request.idempotencyKey)).size).toBe(2);
  });

  it('a Stripe outage refunds nothing and records nothing', async () => {
    const orderId = await newOrder(1000, 'USD');
    standIn.failNext('/v1/refunds', 3);
    expect(seen(await callFunction(t.app, 'refundOrder', { storeId: shop.id, orderId, amountCents: 100 }, { as: shop.owner }))).toMatchObject({
      status: 503,
      body: { error: { message: COMMERCE_MESSAGES.refundFailed } },
    });
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ status: 'paid', refundedCents: 0 });
  });
});
