import { COMMERCE_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '#src/db/schema/index.ts';
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
  let newOrder: (extra?: { amountCents?: number; provider?: 'test' | 'stripe' | 'free' }) => Promise<string>;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    const product = await seedProduct(t, shop.id);
    const customer = await seedCustomer(t, shop.id);
    newOrder = async (extra = {}) => (await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: customer.id, ...extra })).id;
  });
  afterAll(() => t?.close());

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
});
