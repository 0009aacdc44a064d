import { DOWNSELL_MESSAGES, UPSELL_LIMITS, UPSELL_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orderGrants, orders, products } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { buyWithTestCard, startCheckout } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedProduct, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { errorOf } from './checkout-fixtures.ts';

describe('the downsell after a declined upsell, with the test provider', () => {
  const clock = manualClock(new Date('2030-07-01T10:00:00.000Z'));
  const files = envWithDataDir();
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;
  let guide: { id: string };
  let course: { id: string };
  let sheet: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ env: files.env, now: clock.now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    other = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    guide = await seedProduct(t, shop.id, { title: 'Guide' });
    course = await seedProduct(t, shop.id, { title: 'Workbook' });
    sheet = await seedProduct(t, shop.id, { title: 'Cheat sheet', files: [{ name: 'sheet.pdf', bytes: Buffer.from('%PDF sheet') }] });
    await t.db
      .update(products)
      .set({ upsellProductId: course.id, upsellPriceCents: 900, downsellProductId: sheet.id, downsellPriceCents: 400, downsellHeadline: 'Just the cheat sheet?' })
      .where(eq(products.id, guide.id));
  });
  afterAll(async () => {
    await t?.close();
    files.cleanup();
  });

  /** Buys the guide with a test card (completing the authentication step when the card asks). */
  const buy = (card?: string) => buyWithTestCard(t, { storeId: shop.id, productId: guide.id }, card);
  const status = async (checkoutId: string) => (await callFunction(t.app, 'getCheckoutStatus', { checkoutId })).json().result;
  const declineUpsell = async (checkoutId: string) => {
    const answer = await callFunction(t.app, 'declineUpsell', { checkoutId });
    expect(answer.statusCode).toBe(200);
    return answer.json().result.upsell;
  };
  const accept = (checkoutId: string, productId = sheet.id) => callFunction(t.app, 'acceptDownsell', { checkoutId, productId });
  const decline = (checkoutId: string) => callFunction(t.app, 'declineDownsell', { checkoutId });
  const orderCount = async () => (await t.db.select().from(orders).where(eq(orders.storeId, shop.id))).length;
  const firstOrder = async (checkoutId: string) => {
    const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    const grants = await t.db.select().from(orderGrants).where(eq(orderGrants.orderId, order!.id));
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    return { order, grants, checkout };
  };

  it('shown only once the upsell is declined; yes charges once (a replay too) and makes its own order with its downloads', async () => {
    const checkoutId = await buy();
    expect((await status(checkoutId)).upsell).toMatchObject({ status: 'offered' });
    expect((await status(checkoutId)).upsell.downsell).toBeUndefined();
    expect(errorOf(await accept(checkoutId))).toMatchObject({ status: 400, message: DOWNSELL_MESSAGES.upsellNotDeclined });
    expect(errorOf(await decline(checkoutId))).toMatchObject({ status: 400, message: DOWNSELL_MESSAGES.upsellNotDeclined });

    const declined = await declineUpsell(checkoutId);
    expect(declined).toMatchObject({ status: 'declined', downsell: { productId: sheet.id, title: 'Cheat sheet', headline: 'Just the cheat sheet?', priceCents: 400, normalPriceCents: 1250, status: 'offered', orderId: null } });
    const before = await orderCount();
    const [a, b] = await Promise.all([accept(checkoutId), accept(checkoutId)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const downsell = a.json().result.upsell.downsell;
    expect(downsell).toMatchObject({ status: 'accepted', message: null });
    expect(b.json().result.upsell.downsell.orderId).toBe(downsell.orderId);
    expect((await accept(checkoutId)).json().result.upsell.downsell.orderId).toBe(downsell.orderId);
    expect(await orderCount()).toBe(before + 1);
    const [third] = await t.db.select().from(orders).where(eq(orders.id, downsell.orderId));
    expect(third).toMatchObject({ productId: sheet.id, productTitle: 'Cheat sheet', amountCents: 400, status: 'paid', provider: 'test' });
    const [own] = await t.db.select().from(checkouts).where(eq(checkouts.id, downsell.checkoutId));
    expect(own).toMatchObject({ idempotencyKey: `downsell_${checkoutId}`, status: 'completed' });
    const combined = await status(downsell.checkoutId);
    expect(combined).toMatchObject({ status: 'completed', orderId: downsell.orderId, productTitle: 'Cheat sheet', amountCents: 400 });
    expect(combined.files.map((file: { name: string }) => file.name)).toEqual(['sheet.pdf']);
    expect(combined.upsell).toBeUndefined();
    expect((await status(checkoutId)).upsell).toMatchObject({ status: 'declined', downsell: { status: 'accepted', orderId: downsell.orderId } });
  });

  it('no thanks ends the funnel: nothing is charged and yes is refused afterwards', async () => {
    const checkoutId = await buy();
    await declineUpsell(checkoutId);
    const count = await orderCount();
    const answer = await decline(checkoutId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result.upsell).toMatchObject({ status: 'declined', downsell: { status: 'declined', orderId: null } });
    expect((await decline(checkoutId)).json().result.upsell.downsell.status).toBe('declined');
    expect(errorOf(await accept(checkoutId))).toMatchObject({ status: 400, message: UPSELL_MESSAGES.offerDeclined });
    expect(await orderCount()).toBe(count);
    expect((await status(checkoutId)).upsell.downsell.status).toBe('declined');
  });

  it('a card refused off session answers its message; the first order, its grants and its checkout are exactly as they were', async () => {
    const checkoutId = await buy('4000002760003184');
    await declineUpsell(checkoutId);
    const before = await firstOrder(checkoutId);
    const count = await orderCount();
    const answer = await accept(checkoutId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result.upsell.downsell).toMatchObject({ status: 'failed', message: UPSELL_MESSAGES.authenticationRequired, orderId: null, checkoutId: null });
    expect(await firstOrder(checkoutId)).toEqual(before);
    expect(before.order).toMatchObject({ status: 'paid', amountCents: 1250 });
    expect(before.grants.map((grant) => grant.productId)).toEqual([guide.id]);
    expect((await accept(checkoutId)).json().result.upsell.downsell).toMatchObject({ status: 'failed' });
    expect(await orderCount()).toBe(count);
  });

  it('refused after the window from the first payment, and once the first order was refunded', async () => {
    const late = await buy();
    await declineUpsell(late);
    clock.advance(UPSELL_LIMITS.windowMinutes * 60_000);
    expect(errorOf(await accept(late))).toMatchObject({ status: 400, message: UPSELL_MESSAGES.offerEnded });
    expect((await status(late)).upsell.downsell.status).toBe('ended');

    const refunded = await buy();
    await declineUpsell(refunded);
    await t.db.update(orders).set({ status: 'refunded', refundedCents: 1250 }).where(eq(orders.checkoutId, refunded));
    const count = await orderCount();
    expect(errorOf(await accept(refunded))).toMatchObject({ status: 400, message: UPSELL_MESSAGES.offerEnded });
    expect(await orderCount()).toBe(count);
  });

  it('not offered after a yes to the upsell; a foreign checkout or product answers like a missing offer', async () => {
    const taken = await buy();
    expect((await callFunction(t.app, 'acceptUpsell', { checkoutId: taken, productId: course.id })).json().result.upsell.status).toBe('accepted');
    expect(errorOf(await accept(taken))).toMatchObject({ status: 404, message: UPSELL_MESSAGES.offerNotFound });
    expect(errorOf(await decline(taken))).toMatchObject({ status: 404, message: UPSELL_MESSAGES.offerNotFound });
    expect((await status(taken)).upsell.downsell).toBeUndefined();

    const checkoutId = await buy();
    await declineUpsell(checkoutId);
    const theirs = await seedProduct(t, other.id, { title: 'Not yours' });
    const { checkoutId: theirCheckout } = await startCheckout(t, { storeId: other.id, productId: theirs.id });
    expect(errorOf(await accept(checkoutId, theirs.id))).toMatchObject({ status: 404, message: UPSELL_MESSAGES.offerNotFound });
    expect(errorOf(await accept(checkoutId, course.id))).toMatchObject({ status: 404, message: UPSELL_MESSAGES.offerNotFound });
    expect(errorOf(await accept(theirCheckout))).toMatchObject({ status: 404, message: UPSELL_MESSAGES.offerNotFound });
    expect(errorOf(await accept('chk_00000000000000000000'))).toMatchObject({ status: 404, message: UPSELL_MESSAGES.offerNotFound });
    expect(errorOf(await decline('chk_00000000000000000000'))).toMatchObject({ status: 404, message: UPSELL_MESSAGES.offerNotFound });
    expect((await status(checkoutId)).upsell.downsell.status).toBe('offered');
  });
});
