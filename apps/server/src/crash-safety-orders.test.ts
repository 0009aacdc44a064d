import { beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, newKey } from './testing/checkout.ts';
import { burstThenKill, expectNoHalfOrders, sendAll, useCrashDrill } from './testing/crash-drill.ts';
import { processBudget } from './testing/process-budget.ts';
import { seedStorefront } from './testing/seed-storefront.ts';
import { callRunningServer } from './testing/server-process.ts';

/**
 * Crash safety, orders: kill -9 the real server process in the middle of a burst of
 * createCheckout or of payments, restart it on the same database, and count rows against the
 * requests that were acknowledged (2xx before the kill). Replaying every request afterwards must
 * not create a duplicate. Files and publishes: crash-safety-files.test.ts.
 */
const drill = useCrashDrill();

describe('kill -9 during checkouts and payments, then a restart on the same database', () => {
  let storeId: string;
  let freeProductId: string;
  let paidProductId: string;

  beforeAll(async () => {
    ({ storeId } = await seedStorefront(drill.database.db, { slug: 'crash-shop', name: 'Before Crash' }));
    freeProductId = (await insertProduct(drill.asApp(), storeId, { type: 'lead-magnet', priceMode: 'free', priceCents: 0, title: 'Free Guide' })).id;
    paidProductId = (await insertProduct(drill.asApp(), storeId, { priceCents: 1500, title: 'Paid Zine' })).id;
  });


  it('200 parallel createCheckout (free lead magnets and paid): no half order, no duplicate, replay is idempotent', { timeout: processBudget({ serverStart: 2, request: 400 }) }, async () => {
    const target = await drill.restart();
    const inputs = Array.from({ length: 200 }, (_, index) => ({
      storeId,
      productId: index % 2 === 0 ? freeProductId : paidProductId,
      name: 'Ada Buyer',
      email: `buyer-${index}@example.com`,
      idempotencyKey: newKey(),
    }));
    const results = new Map<number, { checkoutId: string; orderId?: string }>();
    const acknowledged = await burstThenKill(
      target,
      inputs.map((input, index) => async () => {
        const reply = await callRunningServer(target.url, 'createCheckout', input);
        if (reply.status === 200) results.set(index, reply.body.result as { checkoutId: string; orderId?: string });
        return reply.status === 200;
      }),
      50,
    );
    expect(acknowledged.size).toBeGreaterThanOrEqual(50);

    const after = await drill.restart();
    const { allCheckouts, orderByCheckout } = await expectNoHalfOrders(drill.database.db, storeId);
    const checkoutIds = new Set(allCheckouts.map((checkout) => checkout.id));
    for (const index of acknowledged) {
      const result = results.get(index)!;
      expect(checkoutIds.has(result.checkoutId)).toBe(true);
      if (index % 2 === 0) expect(orderByCheckout.get(result.checkoutId)?.id).toBe(result.orderId);
    }

    // Replaying all 200 (the buyers' retries) answers the same checkouts and makes nothing twice.
    const replies = await sendAll(inputs, (input) => callRunningServer(after.url, 'createCheckout', input));
    expect(replies.map((reply) => reply.status)).toEqual(inputs.map(() => 200));
    for (const index of acknowledged) expect((replies[index]!.body.result as { checkoutId: string }).checkoutId).toBe(results.get(index)!.checkoutId);
    const final = await expectNoHalfOrders(drill.database.db, storeId);
    expect(final.allCheckouts).toHaveLength(200);
    expect(final.allOrders).toHaveLength(100); // every free one, once
    console.info(`crash drill createCheckout: ${acknowledged.size}/200 acknowledged before kill -9; after restart and replay 200 checkouts, 100 orders`);
  });

  it('a burst of 500 payments through the test provider: acknowledged ones are orders, replays are not duplicates', { timeout: processBudget({ serverStart: 3, request: 1500 }) }, async () => {
    let target = await drill.restart();
    const created = await sendAll(Array.from({ length: 500 }, (_, index) => index), (index) =>
      callRunningServer(target.url, 'createCheckout', { storeId, productId: paidProductId, name: 'Bo Buyer', email: `payer-${index}@example.com`, idempotencyKey: newKey() }),
    );
    expect(created.map((reply) => reply.status)).toEqual(created.map(() => 200));
    const checkoutIds = created.map((reply) => (reply.body.result as { checkoutId: string }).checkoutId);
    const pay = (url: string, checkoutId: string) =>
      fetch(`${url}/api/checkout/test/${checkoutId}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.replace('127.0.0.1', 'localhost') },
        body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', cardName: 'Bo Buyer' }).toString(),
      });

    const acknowledged = await burstThenKill(
      target,
      checkoutIds.map((checkoutId) => async () => (await pay(target.url, checkoutId)).status === 303),
      120,
    );
    expect(acknowledged.size).toBeGreaterThanOrEqual(120);

    target = await drill.restart();
    const { orderByCheckout } = await expectNoHalfOrders(drill.database.db, storeId);
    for (const index of acknowledged) expect(orderByCheckout.has(checkoutIds[index]!)).toBe(true);
    const orderCountAtRestart = checkoutIds.filter((id) => orderByCheckout.has(id)).length;

    // The buyers press "Pay" again (or the provider redelivers): each checkout ends with one order.
    const replays = await sendAll(checkoutIds, (checkoutId) => pay(target.url, checkoutId));
    expect(replays.map((reply) => reply.status)).toEqual(checkoutIds.map(() => 303));
    const final = await expectNoHalfOrders(drill.database.db, storeId);
    expect(checkoutIds.filter((id) => !final.orderByCheckout.has(id))).toEqual([]);
    expect(final.allOrders.filter((order) => checkoutIds.includes(order.checkoutId))).toHaveLength(500);
    console.info(`crash drill payments: ${acknowledged.size}/500 acknowledged before kill -9, ${orderCountAtRestart} orders found at restart; after replay 500 orders`);
  });
});
