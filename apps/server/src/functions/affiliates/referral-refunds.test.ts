import { ID_PREFIXES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { affiliateCommissions, affiliatePayouts } from '#src/db/schema/index.ts';
import { commissionStatus } from '#src/domain/affiliates/commission-state.ts';
import { commissionOfOrder, orderOfCheckout, seedAffiliate, seedProgram, type SeededAffiliate } from '#src/testing/affiliate-referrals.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { insertProduct, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const clock = manualClock(new Date('2030-08-01T12:00:00.000Z'));

/** Refunds before payout reverse the commission in proportion; a payout is never clawed back (decision 032). */
describe('refunds and the commission', () => {
  let t: TestApp;
  let owner: TestCreator;
  let store: { id: string };
  let affiliate: SeededAffiliate;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    owner = await signedInCreator(t, { now: clock.now() });
    store = await createStoreAs(t, owner, 'refund-commission-shop');
    await seedProgram(t, store.id, { commissionPercent: 30 });
    affiliate = await seedAffiliate(t, store.id);
  });
  afterAll(() => t?.close());

  async function creditedOrder(priceCents: number, currency = 'USD') {
    const product = await insertProduct(t, store.id, { priceCents, currency });
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: product.id, referralCode: affiliate.code });
    await payWithCard(t, checkoutId, '4242 4242 4242 4242');
    const order = (await orderOfCheckout(t, checkoutId))!;
    expect(order.referralOutcome).toBe('credited');
    return order;
  }
  const refund = async (orderId: string, amountCents?: number) => {
    const reply = await callFunction(t.app, 'refundOrder', { storeId: store.id, orderId, ...(amountCents ? { amountCents } : {}) }, { as: owner });
    expect(reply.statusCode, reply.body).toBe(200);
  };
  const stateOf = async (orderId: string) => {
    const row = (await commissionOfOrder(t, orderId))!;
    return { amountCents: row.amountCents, reversedCents: row.reversedCents, status: commissionStatus(row, clock.now(), 0) };
  };

  it('a partial refund reduces the commission in proportion, a second one further, the rest cancels it', async () => {
    const order = await creditedOrder(2000);
    expect(await stateOf(order.id)).toEqual({ amountCents: 600, reversedCents: 0, status: 'pending' });
    await refund(order.id, 500);
    // 600 × 1500 / 2000 = 450 kept
    expect(await stateOf(order.id)).toEqual({ amountCents: 600, reversedCents: 150, status: 'pending' });
    await refund(order.id, 1);
    // 600 × 1499 / 2000 = 449.7 → 449 kept
    expect(await stateOf(order.id)).toEqual({ amountCents: 600, reversedCents: 151, status: 'pending' });
    await refund(order.id);
    expect(await stateOf(order.id)).toEqual({ amountCents: 600, reversedCents: 600, status: 'cancelled' });
  });

  it('a full refund at once cancels it', async () => {
    const order = await creditedOrder(1999);
    await refund(order.id);
    expect(await stateOf(order.id)).toEqual({ amountCents: 599, reversedCents: 599, status: 'cancelled' });
  });

  it('exact in 0- and 3-decimal currencies: ¥1,999 less ¥1 and 12.345 KD less 1.001 KD', async () => {
    const yen = await creditedOrder(1999, 'JPY');
    await refund(yen.id, 1);
    // 599 × 1998 / 1999 = 598.7 → 598 kept
    expect(await stateOf(yen.id)).toMatchObject({ amountCents: 599, reversedCents: 1 });
    const dinar = await creditedOrder(12_345, 'KWD');
    await refund(dinar.id, 1_001);
    // 3703 × 11344 / 12345 = 3402.7 → 3402 kept
    expect(await stateOf(dinar.id)).toMatchObject({ amountCents: 3_703, reversedCents: 301 });
  });

  it('a refund after the payout leaves the paid commission as it was', async () => {
    const order = await creditedOrder(2000);
    const payoutId = newId(ID_PREFIXES.affiliatePayout);
    await t.db.insert(affiliatePayouts).values({ id: payoutId, storeId: store.id, affiliateId: affiliate.id, amountCents: 600, currency: 'USD', commissionCount: 1, method: 'manual' });
    await t.db.update(affiliateCommissions).set({ payoutId }).where(eq(affiliateCommissions.orderId, order.id));
    await refund(order.id, 500);
    expect(await stateOf(order.id)).toEqual({ amountCents: 600, reversedCents: 0, status: 'paid' });
    await refund(order.id);
    expect(await stateOf(order.id)).toEqual({ amountCents: 600, reversedCents: 0, status: 'paid' });
    expect((await orderOfCheckout(t, order.checkoutId))?.status).toBe('refunded');
  });

  it('a refund of an order without a commission changes no commission', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 1000 });
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: product.id });
    await payWithCard(t, checkoutId, '4242 4242 4242 4242');
    const order = (await orderOfCheckout(t, checkoutId))!;
    const before = await t.db.select().from(affiliateCommissions);
    await refund(order.id, 300);
    expect(await t.db.select().from(affiliateCommissions)).toEqual(before);
  });
});
