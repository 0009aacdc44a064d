import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, checkouts, orders, products, stores } from '#src/db/schema/index.ts';
import {
  commissionOfOrder,
  commissionsOf,
  memberHeaders,
  newFingerprint,
  orderOfCheckout,
  seedAffiliate,
  seedProgram,
  setProductRate,
  trackingCall,
  type SeededAffiliate,
} from '#src/testing/affiliate-referrals.ts';
import { callFunction, WEB_APP } from '#src/testing/call-function.ts';
import { insertProduct, newKey, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const clock = manualClock(new Date('2030-07-01T12:00:00.000Z'));

/** Fulfilment credits a referred order with exactly one commission (docs/affiliates.md), through the real test-card flow. */
describe('fulfilment: the referral checked again and the commission', () => {
  let t: TestApp;
  let store: { id: string; slug: string };
  let affiliate: SeededAffiliate;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    store = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'commission-shop');
    await seedProgram(t, store.id, { commissionPercent: 30, windowDays: 30, holdingDays: 14 });
    affiliate = await seedAffiliate(t, store.id, { email: 'ava.affiliate@example.com' });
  });
  afterAll(() => t?.close());

  /** A visit through the affiliate's link, then a checkout paid with the test card; answers the order. */
  async function referredPurchase(data: Record<string, unknown>, options: { code?: string; headers?: Record<string, string> } = {}) {
    const fingerprint = newFingerprint();
    await trackingCall(t, 'trackAffiliateVisit', { storeId: store.id, referralCode: options.code ?? affiliate.code, fingerprint });
    clock.advance(MINUTE);
    const reply = await callFunction(
      t.app,
      'createCheckout',
      { storeId: store.id, name: 'Bo Buyer', email: 'bo@example.com', idempotencyKey: newKey(), fingerprint, ...data },
      { as: WEB_APP, headers: options.headers ?? {} },
    );
    if (reply.statusCode !== 200) throw new Error(reply.body);
    const { checkoutId, orderId } = reply.json().result as { checkoutId: string; orderId?: string };
    if (!orderId) expect((await payWithCard(t, checkoutId, '4242 4242 4242 4242')).statusCode).toBe(303);
    const order = await orderOfCheckout(t, checkoutId);
    return { checkoutId, order: order!, fingerprint };
  }

  it('credits the affiliate at the program’s percent, with a product’s own percent on the bump line', async () => {
    const main = await insertProduct(t, store.id, { priceCents: 2000, title: 'Guide' });
    const bump = await insertProduct(t, store.id, { priceCents: 1500, title: 'Workbook' });
    await t.db.update(products).set({ bumpProductId: bump.id, bumpPriceCents: 999 }).where(eq(products.id, main.id));
    await setProductRate(t, store.id, bump.id, 50);
    const { checkoutId, order } = await referredPurchase({ productId: main.id, orderBump: true });

    expect(order).toMatchObject({ amountCents: 2999, affiliateId: affiliate.id, referralCode: affiliate.code, referralOutcome: 'credited' });
    const commission = await commissionOfOrder(t, order.id);
    // ⌊2000 × 30 %⌋ + ⌊999 × 50 %⌋ = 600 + 499
    expect(commission).toMatchObject({ affiliateId: affiliate.id, storeId: store.id, currency: 'USD', baseCents: 2999, amountCents: 1099, reversedCents: 0, testMode: true, payoutId: null });
    expect(commission!.holdUntil.getTime() - clock.now().getTime()).toBe(14 * DAY);

    const converted = (code?: string) => trackingCall(t, 'convertAffiliateReferral', { checkoutId, ...(code ? { referralCode: code } : {}) });
    expect((await converted()).json()).toEqual({ result: { converted: true } });
    expect((await converted(affiliate.code.toLowerCase())).json()).toEqual({ result: { converted: true } });
    expect((await converted('SOMEONEELSE')).json()).toEqual({ result: { converted: false } });

    // Paying again (the same test event) makes no second order and no second commission.
    expect((await payWithCard(t, checkoutId, '4242424242424242')).statusCode).toBe(303);
    expect((await commissionsOf(t, store.id)).filter((row) => row.orderId === order.id)).toHaveLength(1);
  });

  describe('exact in 0-, 2- and 3-decimal currencies', () => {
    it.each([
      ['JPY', 1_999, 599],
      ['USD', 1_999, 599],
      ['KWD', 12_345, 3_703],
    ] as const)('%s: %i minor units at 30 %% → %i', async (currency, price, expected) => {
      await t.db.update(stores).set({ currency }).where(eq(stores.id, store.id));
      const product = await insertProduct(t, store.id, { priceCents: price, currency, title: `Print ${currency}` });
      const { order } = await referredPurchase({ productId: product.id });
      expect(order).toMatchObject({ currency, amountCents: price, referralOutcome: 'credited' });
      expect(await commissionOfOrder(t, order.id)).toMatchObject({ currency, baseCents: price, amountCents: expected });
    });
  });

  describe('self-referral earns nothing; the order says why', () => {
    it('by account: the affiliate, signed in, buys through their own link', async () => {
      const product = await insertProduct(t, store.id, { priceCents: 1000 });
      const session = await memberHeaders(t, store.id, affiliate.customerId, clock.now());
      const { order } = await referredPurchase({ productId: product.id, email: affiliate.email }, { headers: session });
      expect(order).toMatchObject({ customerId: affiliate.customerId, affiliateId: affiliate.id, referralOutcome: 'self-referral' });
      expect(await commissionOfOrder(t, order.id)).toBeNull();
    });

    it('by email: signed out, with their address in other letters', async () => {
      const product = await insertProduct(t, store.id, { priceCents: 1000 });
      const { checkoutId, order } = await referredPurchase({ productId: product.id, email: '  Ava.Affiliate@EXAMPLE.com ' });
      expect(order).toMatchObject({ affiliateId: affiliate.id, referralOutcome: 'self-referral' });
      expect(await commissionOfOrder(t, order.id)).toBeNull();
      expect((await trackingCall(t, 'convertAffiliateReferral', { checkoutId })).json()).toEqual({ result: { converted: false } });
    });
  });

  describe('checked again at payment', () => {
    it('an affiliate paused after the checkout: inactive, no commission', async () => {
      const other = await seedAffiliate(t, store.id);
      const product = await insertProduct(t, store.id, { priceCents: 1000 });
      const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: product.id, referralCode: other.code });
      await t.db.update(affiliates).set({ status: 'paused' }).where(eq(affiliates.id, other.id));
      await payWithCard(t, checkoutId, '4242 4242 4242 4242');
      const order = await orderOfCheckout(t, checkoutId);
      expect(order).toMatchObject({ affiliateId: other.id, referralOutcome: 'inactive' });
      expect(await commissionOfOrder(t, order!.id)).toBeNull();
    });

    it('the program turned off after the checkout: program-off, no commission', async () => {
      const product = await insertProduct(t, store.id, { priceCents: 1000 });
      const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: product.id, referralCode: affiliate.code });
      await seedProgram(t, store.id, { enabled: false, commissionPercent: 30 });
      try {
        await payWithCard(t, checkoutId, '4242 4242 4242 4242');
      } finally {
        await seedProgram(t, store.id, { commissionPercent: 30 });
      }
      const order = await orderOfCheckout(t, checkoutId);
      expect(order?.referralOutcome).toBe('program-off');
      expect(await commissionOfOrder(t, order!.id)).toBeNull();
    });

    it('a visit whose window ended before the payment: expired, no commission; a minute earlier it is credited', async () => {
      const product = await insertProduct(t, store.id, { priceCents: 1000 });
      const fingerprint = newFingerprint();
      await trackingCall(t, 'trackAffiliateVisit', { storeId: store.id, referralCode: affiliate.code, fingerprint });
      clock.advance(30 * DAY - 2 * MINUTE);
      const late = await startCheckout(t, { storeId: store.id, productId: product.id, fingerprint });
      const inTime = await startCheckout(t, { storeId: store.id, productId: product.id, fingerprint });
      clock.advance(MINUTE);
      await payWithCard(t, inTime.checkoutId, '4242 4242 4242 4242');
      clock.advance(2 * MINUTE);
      await payWithCard(t, late.checkoutId, '4242 4242 4242 4242');
      expect((await orderOfCheckout(t, inTime.checkoutId))?.referralOutcome).toBe('credited');
      const expired = await orderOfCheckout(t, late.checkoutId);
      expect(expired).toMatchObject({ affiliateId: affiliate.id, referralOutcome: 'expired' });
      expect(await commissionOfOrder(t, expired!.id)).toBeNull();
    });
  });

  it('a free order records the outcome and makes no commission row', async () => {
    const free = await insertProduct(t, store.id, { priceMode: 'free', priceCents: 0, title: 'Free Zine' });
    const { order } = await referredPurchase({ productId: free.id });
    expect(order).toMatchObject({ amountCents: 0, affiliateId: affiliate.id, referralOutcome: 'credited' });
    expect(await commissionOfOrder(t, order.id)).toBeNull();
  });

  it('an order without a referral has none, and no commission', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 1000 });
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: product.id });
    await payWithCard(t, checkoutId, '4242 4242 4242 4242');
    const order = await orderOfCheckout(t, checkoutId);
    expect(order).toMatchObject({ affiliateId: null, referralCode: null, referredAt: null, referralOutcome: null });
    expect(await commissionOfOrder(t, order!.id)).toBeNull();
  });

  it('a forged convertAffiliateReferral creates nothing: an unpaid referred checkout, a paid one without referral, an unknown id', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 1000 });
    const unpaid = await startCheckout(t, { storeId: store.id, productId: product.id, referralCode: affiliate.code });
    const plain = await startCheckout(t, { storeId: store.id, productId: product.id });
    await payWithCard(t, plain.checkoutId, '4242 4242 4242 4242');
    const snapshot = async () => ({
      checkouts: await t.db.select().from(checkouts).where(eq(checkouts.storeId, store.id)),
      orders: await t.db.select().from(orders).where(eq(orders.storeId, store.id)),
      commissions: await commissionsOf(t, store.id),
    });
    const before = await snapshot();
    for (const data of [
      { checkoutId: unpaid.checkoutId, referralCode: affiliate.code },
      { checkoutId: unpaid.checkoutId, referralCode: affiliate.code, fingerprint: newFingerprint() },
      { checkoutId: plain.checkoutId, referralCode: affiliate.code },
      { checkoutId: plain.checkoutId },
      { checkoutId: 'chk_aaaaaaaaaaaaaaaaaaaa', referralCode: affiliate.code },
    ]) {
      const replies = await Promise.all(Array.from({ length: 3 }, () => trackingCall(t, 'convertAffiliateReferral', data)));
      expect(replies.map((reply) => reply.json())).toEqual(Array.from({ length: 3 }, () => ({ result: { converted: false } })));
    }
    expect(await snapshot()).toEqual(before);
    expect(await orderOfCheckout(t, unpaid.checkoutId)).toBeNull();
  });
});
