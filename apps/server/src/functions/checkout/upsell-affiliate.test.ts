import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, products } from '#src/db/schema/index.ts';
import {
  commissionOfOrder,
  newFingerprint,
  orderOfCheckout,
  seedAffiliate,
  seedProgram,
  trackingCall,
  type SeededAffiliate,
} from '#src/testing/affiliate-referrals.ts';
import { callFunction, WEB_APP } from '#src/testing/call-function.ts';
import { insertProduct, newKey, payWithCard } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const clock = manualClock(new Date('2030-08-01T12:00:00.000Z'));

/** An accepted one-click upsell is a sale like any other for the affiliate ledger (docs/affiliates.md). */
describe('the one-click upsell and the affiliate commission', () => {
  let t: TestApp;
  let store: { id: string };
  let affiliate: SeededAffiliate;
  let guide: { id: string };
  let workbook: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    store = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'upsell-affiliate-shop');
    await seedProgram(t, store.id, { commissionPercent: 30, windowDays: 30, holdingDays: 14 });
    affiliate = await seedAffiliate(t, store.id, { email: 'ava.affiliate@example.com' });
    guide = await insertProduct(t, store.id, { priceCents: 2000, title: 'Guide' });
    workbook = await insertProduct(t, store.id, { priceCents: 1500, title: 'Workbook' });
    await t.db.update(products).set({ upsellProductId: workbook.id, upsellPriceCents: 900, upsellHeadline: 'Add the workbook?' }).where(eq(products.id, guide.id));
  });
  afterAll(() => t?.close());

  /** Buys the guide with the test card, through the affiliate's link when `referred`; answers the first checkout. */
  async function buyGuide(referred: boolean): Promise<string> {
    const fingerprint = newFingerprint();
    if (referred) await trackingCall(t, 'trackAffiliateVisit', { storeId: store.id, referralCode: affiliate.code, fingerprint });
    clock.advance(60_000);
    const reply = await callFunction(
      t.app,
      'createCheckout',
      { storeId: store.id, productId: guide.id, name: 'Bo Buyer', email: `bo-${newKey()}@example.com`, idempotencyKey: newKey(), fingerprint },
      { as: WEB_APP },
    );
    expect(reply.statusCode).toBe(200);
    const { checkoutId } = reply.json().result as { checkoutId: string };
    expect((await payWithCard(t, checkoutId, '4242424242424242')).statusCode).toBe(303);
    return checkoutId;
  }

  async function acceptUpsell(checkoutId: string) {
    const answer = await callFunction(t.app, 'acceptUpsell', { checkoutId, productId: workbook.id });
    expect(answer.statusCode).toBe(200);
    const upsell = answer.json().result.upsell as { status: string; orderId: string; checkoutId: string };
    expect(upsell.status).toBe('accepted');
    return upsell;
  }

  it('a referred buyer’s accepted upsell credits the affiliate a commission of its own, at the program’s percent', async () => {
    const checkoutId = await buyGuide(true);
    const first = await orderOfCheckout(t, checkoutId);
    expect(first).toMatchObject({ affiliateId: affiliate.id, referralOutcome: 'credited' });
    expect(await commissionOfOrder(t, first!.id)).toMatchObject({ affiliateId: affiliate.id, baseCents: 2000, amountCents: 600 });

    const upsell = await acceptUpsell(checkoutId);
    const second = await orderOfCheckout(t, upsell.checkoutId);
    expect(second).toMatchObject({ id: upsell.orderId, amountCents: 900, affiliateId: affiliate.id, referralCode: affiliate.code, referralOutcome: 'credited' });
    // ⌊900 × 30 %⌋
    expect(await commissionOfOrder(t, upsell.orderId)).toMatchObject({ affiliateId: affiliate.id, storeId: store.id, baseCents: 900, amountCents: 270, reversedCents: 0 });
  });

  it('a referred buyer’s downsell, taken after no thanks to the upsell, credits the affiliate like the upsell', async () => {
    await t.db.update(products).set({ downsellProductId: workbook.id, downsellPriceCents: 500 }).where(eq(products.id, guide.id));
    try {
      const checkoutId = await buyGuide(true);
      expect((await callFunction(t.app, 'declineUpsell', { checkoutId })).statusCode).toBe(200);
      const answer = await callFunction(t.app, 'acceptDownsell', { checkoutId, productId: workbook.id });
      const downsell = answer.json().result.upsell.downsell as { status: string; orderId: string; checkoutId: string };
      expect(downsell.status).toBe('accepted');
      expect(await orderOfCheckout(t, downsell.checkoutId)).toMatchObject({ id: downsell.orderId, amountCents: 500, affiliateId: affiliate.id, referralOutcome: 'credited' });
      // ⌊500 × 30 %⌋
      expect(await commissionOfOrder(t, downsell.orderId)).toMatchObject({ affiliateId: affiliate.id, baseCents: 500, amountCents: 150 });
    } finally {
      await t.db.update(products).set({ downsellProductId: null, downsellPriceCents: null }).where(eq(products.id, guide.id));
    }
  });

  it('an upsell after a sale nobody referred credits no one', async () => {
    const checkoutId = await buyGuide(false);
    expect(await orderOfCheckout(t, checkoutId)).toMatchObject({ affiliateId: null, referralOutcome: null });
    const upsell = await acceptUpsell(checkoutId);
    expect(await orderOfCheckout(t, upsell.checkoutId)).toMatchObject({ affiliateId: null, referralOutcome: null });
    expect(await commissionOfOrder(t, upsell.orderId)).toBeNull();
  });

  it('the upsell is checked again like any sale: an affiliate paused after the first sale is not credited for it', async () => {
    const checkoutId = await buyGuide(true);
    const first = await orderOfCheckout(t, checkoutId);
    expect(await commissionOfOrder(t, first!.id)).not.toBeNull();
    await t.db.update(affiliates).set({ status: 'paused' }).where(eq(affiliates.id, affiliate.id));
    try {
      const upsell = await acceptUpsell(checkoutId);
      expect(await orderOfCheckout(t, upsell.checkoutId)).toMatchObject({ affiliateId: affiliate.id, referralOutcome: 'inactive' });
      expect(await commissionOfOrder(t, upsell.orderId)).toBeNull();
    } finally {
      await t.db.update(affiliates).set({ status: 'active' }).where(eq(affiliates.id, affiliate.id));
    }
  });
});
