import { UPSELL_LIMITS, UPSELL_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orderGrants, orders, products } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { buyWithTestCard, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedProduct, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { errorOf } from './checkout-fixtures.ts';

describe('one-click upsell with the test provider', () => {
  const clock = manualClock(new Date('2030-06-01T10:00:00.000Z'));
  const files = envWithDataDir();
  let t: TestApp;
  let shop: SeededStore;
  let guide: { id: string };
  let course: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ env: files.env, now: clock.now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    guide = await seedProduct(t, shop.id, { title: 'Guide', files: [{ name: 'guide.pdf', bytes: Buffer.from('%PDF guide') }] });
    course = await seedProduct(t, shop.id, { title: 'Workbook', files: [{ name: 'workbook.zip', bytes: Buffer.alloc(2000, 7) }] });
    await t.db.update(products).set({ upsellProductId: course.id, upsellPriceCents: 900, upsellHeadline: 'Add the workbook?' }).where(eq(products.id, guide.id));
  });
  afterAll(async () => {
    await t?.close();
    files.cleanup();
  });

  /** Buys the guide with a test card (completing the authentication step when the card asks). */
  const buy = (card: string) => buyWithTestCard(t, { storeId: shop.id, productId: guide.id }, card);
  const status = async (checkoutId: string) => (await callFunction(t.app, 'getCheckoutStatus', { checkoutId })).json().result;
  const accept = (checkoutId: string, productId = course.id) => callFunction(t.app, 'acceptUpsell', { checkoutId, productId });
  const firstOrder = async (checkoutId: string) => {
    const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    const grants = await t.db.select().from(orderGrants).where(eq(orderGrants.orderId, order!.id));
    return { order, grants };
  };
  const ordersOfStore = async () => t.db.select().from(orders).where(eq(orders.storeId, shop.id));

  it('the thank-you page offers the product at its special price; yes charges once and makes a second order with its downloads', async () => {
    const checkoutId = await buy('4242424242424242');
    expect((await status(checkoutId)).upsell).toMatchObject({ productId: course.id, title: 'Workbook', headline: 'Add the workbook?', priceCents: 900, normalPriceCents: 1250, status: 'offered' });
    const before = (await ordersOfStore()).length;
    const answer = await accept(checkoutId);
    expect(answer.statusCode).toBe(200);
    const upsell = answer.json().result.upsell;
    expect(upsell).toMatchObject({ status: 'accepted', message: null });
    expect(upsell.orderId).toMatch(/^ord_/);
    const [second] = await t.db.select().from(orders).where(eq(orders.id, upsell.orderId));
    expect(second).toMatchObject({ productId: course.id, productTitle: 'Workbook', amountCents: 900, status: 'paid', provider: 'test' });
    expect((await ordersOfStore()).length).toBe(before + 1);
    const combined = await status(upsell.checkoutId);
    expect(combined).toMatchObject({ status: 'completed', orderId: upsell.orderId, productTitle: 'Workbook', amountCents: 900 });
    expect(combined.files.map((file: { name: string }) => file.name)).toEqual(['workbook.zip']);
    expect(combined.upsell).toBeUndefined();
    expect((await status(checkoutId)).upsell).toMatchObject({ status: 'accepted', orderId: upsell.orderId });
  });

  it('a double click makes one charge and one order: both answers name the same order', async () => {
    const checkoutId = await buy('4242424242424242');
    const before = (await ordersOfStore()).length;
    const [a, b] = await Promise.all([accept(checkoutId), accept(checkoutId)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().result.upsell.orderId).toBe(b.json().result.upsell.orderId);
    expect((await ordersOfStore()).length).toBe(before + 1);
    expect((await accept(checkoutId)).json().result.upsell.orderId).toBe(a.json().result.upsell.orderId);
  });

  it('a card whose bank asks every time is declined with a clear message; the first order is exactly as it was', async () => {
    const checkoutId = await buy('4000002760003184');
    const before = await firstOrder(checkoutId);
    const [firstCheckout] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    const count = (await ordersOfStore()).length;
    const answer = await accept(checkoutId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result.upsell).toMatchObject({ status: 'failed', message: UPSELL_MESSAGES.authenticationRequired, orderId: null, checkoutId: null });
    expect(await firstOrder(checkoutId)).toEqual(before);
    expect(before.order).toMatchObject({ status: 'paid', amountCents: 1250 });
    expect(before.grants.map((grant) => grant.productId)).toEqual([guide.id]);
    expect((await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)))[0]).toEqual(firstCheckout);
    expect((await ordersOfStore()).length).toBe(count);
    // Valid once: asking again answers the same refusal and charges nothing.
    expect((await accept(checkoutId)).json().result.upsell).toMatchObject({ status: 'failed', message: UPSELL_MESSAGES.authenticationRequired });
    expect((await ordersOfStore()).length).toBe(count);
    expect((await status(checkoutId)).status).toBe('completed');
  });

  it('the offer ends after its window; no thanks is kept; only the offered product is accepted', async () => {
    const late = await buy('4242424242424242');
    clock.advance(UPSELL_LIMITS.windowMinutes * 60_000 - 1000);
    const other = await buy('4242424242424242');
    clock.advance(1000);
    expect(errorOf(await accept(late))).toMatchObject({ status: 400, message: UPSELL_MESSAGES.offerEnded });
    expect((await status(late)).upsell.status).toBe('ended');

    expect(errorOf(await accept(other, guide.id))).toMatchObject({ status: 404, message: UPSELL_MESSAGES.offerNotFound });
    expect(errorOf(await accept('chk_00000000000000000000'))).toMatchObject({ status: 404, message: UPSELL_MESSAGES.offerNotFound });
    const declined = await callFunction(t.app, 'declineUpsell', { checkoutId: other });
    expect(declined.json().result.upsell).toMatchObject({ status: 'declined' });
    expect((await status(other)).upsell.status).toBe('declined');
    const count = (await ordersOfStore()).length;
    expect(errorOf(await accept(other))).toMatchObject({ status: 400, message: UPSELL_MESSAGES.offerDeclined });
    expect((await ordersOfStore()).length).toBe(count);
  });

  it('a product without an offer shows none', async () => {
    const { checkoutId } = await startCheckout(t, { storeId: shop.id, productId: course.id });
    expect((await payWithCard(t, checkoutId, '4242424242424242')).statusCode).toBe(303);
    expect((await status(checkoutId)).upsell).toBeUndefined();
  });
});
