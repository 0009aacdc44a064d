import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '#src/db/schema/index.ts';
import { commissionsOf, newFingerprint, orderOfCheckout, seedAffiliate, seedProgram, trackingCall, type SeededAffiliate } from '#src/testing/affiliate-referrals.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { insertProduct, newKey, ordersOf, startCheckout } from '#src/testing/checkout.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { signedStripeWebhook, startStripeStandIn, stripeSessionCompleted, stripeStandInEnv, type StripeStandIn } from '#src/testing/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';

/** Signed Stripe events through the real /api/webhooks/stripe route (the stand-in signs them). */
describe('Stripe webhooks and the commission', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let store: { id: string };
  let affiliate: SeededAffiliate;
  const ACCOUNT = 'acct_referrals';

  const postWebhook = (delivery: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: delivery.headers, payload: delivery.payload });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({ env: testEnv(stripeStandInEnv(standIn)) });
    const creator = await signedInCreator(t);
    store = await createStoreAs(t, creator, 'stripe-referral-shop');
    const { url } = (await callFunction(t.app, 'startStripeConnect', { storeId: store.id }, { as: creator })).json().result as { url: string };
    const code = `ac_${newKey()}`;
    standIn.oauthCodes.set(code, { accountId: ACCOUNT });
    const connected = await callFunction(t.app, 'completeStripeConnect', { code, state: new URL(url).searchParams.get('state')! }, { as: creator });
    if (connected.statusCode !== 200) throw new Error(connected.body);
    await seedProgram(t, store.id, { commissionPercent: 25 });
    affiliate = await seedAffiliate(t, store.id);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  async function referredStripeCheckout(priceCents: number) {
    const fingerprint = newFingerprint();
    await trackingCall(t, 'trackAffiliateVisit', { storeId: store.id, referralCode: affiliate.code, fingerprint });
    const product = await insertProduct(t, store.id, { priceCents });
    const answer = await startCheckout(t, { storeId: store.id, productId: product.id, fingerprint });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, answer.checkoutId));
    expect(row).toMatchObject({ provider: 'stripe', affiliateId: affiliate.id });
    return { checkoutId: answer.checkoutId, sessionId: row!.providerSessionId! };
  }

  it('a paid session replayed five times in parallel (and again later) makes one order and one commission', async () => {
    const { checkoutId, sessionId } = await referredStripeCheckout(4000);
    const event = stripeSessionCompleted({ checkoutId, sessionId, account: ACCOUNT, amount: 4000 });
    const replies = await Promise.all(Array.from({ length: 5 }, () => postWebhook(signedStripeWebhook(event))));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.map((reply) => reply.json().outcome).sort()).toEqual(['fulfilled', 'replay', 'replay', 'replay', 'replay']);
    // The same payment redelivered under another event id, twice at once.
    await Promise.all([1, 2].map((n) => postWebhook(signedStripeWebhook({ ...event, id: `${event.id}_again_${n}` }))));

    const made = (await ordersOf(t, store.id)).filter((order) => order.checkoutId === checkoutId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ provider: 'stripe', referralOutcome: 'credited', affiliateId: affiliate.id });
    const commissions = (await commissionsOf(t, store.id)).filter((row) => row.orderId === made[0]!.id);
    expect(commissions).toHaveLength(1);
    expect(commissions[0]).toMatchObject({ amountCents: 1000, baseCents: 4000, testMode: false, reversedCents: 0 });
  });

  it('charge.refunded from Stripe reverses the commission in proportion, once per event', async () => {
    const { checkoutId, sessionId } = await referredStripeCheckout(4000);
    await postWebhook(signedStripeWebhook(stripeSessionCompleted({ checkoutId, sessionId, account: ACCOUNT, amount: 4000 })));
    const order = (await orderOfCheckout(t, checkoutId))!;
    const refundEvent = (id: string, amountRefunded: number) => ({
      id: `evt_${id}_${checkoutId}`,
      object: 'event',
      type: 'charge.refunded',
      account: ACCOUNT,
      data: { object: { id: 'ch_r', object: 'charge', refunded: amountRefunded >= 4000, amount_refunded: amountRefunded, payment_intent: `pi_${checkoutId.slice(4)}` } },
    });
    const commission = async () => (await commissionsOf(t, store.id)).find((row) => row.orderId === order.id)!;

    const partial = refundEvent('part', 1000);
    await Promise.all(Array.from({ length: 3 }, () => postWebhook(signedStripeWebhook(partial))));
    // 1000 × 3000 / 4000 = 750 kept
    expect(await commission()).toMatchObject({ amountCents: 1000, reversedCents: 250 });
    await postWebhook(signedStripeWebhook(refundEvent('all', 4000)));
    expect(await commission()).toMatchObject({ amountCents: 1000, reversedCents: 1000 });
  });
});
