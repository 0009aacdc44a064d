import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { seedCustomer, seedOrder, seedProduct, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

/** Sales days follow the store's time zone: the list's date filter and the CSV's dates. */
describe("sales days in the store's time zone", () => {
  let t: TestApp;
  let shop: SeededStore;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedStore(t);
    const product = await seedProduct(t, shop.id);
    const buyer = await seedCustomer(t, shop.id);
    const sales: Record<string, string> = {
      // 2026-11-22 23:30 UTC is 2026-11-23 00:30 in Berlin (UTC+1).
      lateUtc: '2026-11-22T23:30:00.000Z',
      // 2026-11-22 22:59 UTC is still 2026-11-22 23:59 in Berlin.
      beforeBerlinMidnight: '2026-11-22T22:59:00.000Z',
      // Spring forward: 2026-03-28 is 24 h in Berlin (UTC+1), 2026-03-29 only 23 h (from 23:00 UTC on the 28th to 22:00 UTC on the 29th).
      lastOfMarch28: '2026-03-28T22:59:59.000Z',
      firstOfMarch29: '2026-03-28T23:00:00.000Z',
      lastOfMarch29: '2026-03-29T21:59:59.000Z',
      firstOfMarch30: '2026-03-29T22:00:00.000Z',
    };
    for (const [name, at] of Object.entries(sales)) {
      ids[name] = (await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: buyer.id, createdAt: new Date(at) })).id;
    }
  });
  afterAll(() => t?.close());

  const setZone = (timeZone: string) => t.db.update(stores).set({ timeZone }).where(eq(stores.id, shop.id));
  const ordersOn = async (from: string, to: string = from) => {
    const response = await callFunction(t.app, 'listOrders', { storeId: shop.id, from, to }, { as: shop.owner });
    expect(response.statusCode).toBe(200);
    const found = new Set((response.json().result.orders as { id: string }[]).map((order) => order.id));
    return Object.keys(ids).filter((name) => found.has(ids[name]!)).sort();
  };

  it('a UTC store (the default) counts a sale at 23:30 UTC on that UTC day', async () => {
    await setZone('UTC');
    expect(await ordersOn('2026-11-22')).toEqual(['beforeBerlinMidnight', 'lateUtc']);
    expect(await ordersOn('2026-11-23')).toEqual([]);
  });

  it('a Berlin store counts a sale at 23:30 UTC on the next day, and 22:59 UTC on the same day', async () => {
    await setZone('Europe/Berlin');
    expect(await ordersOn('2026-11-22')).toEqual(['beforeBerlinMidnight']);
    expect(await ordersOn('2026-11-23')).toEqual(['lateUtc']);
    expect(await ordersOn('2026-11-22', '2026-11-23')).toEqual(['beforeBerlinMidnight', 'lateUtc']);
  });

  it('follows the DST change: the 23-hour day of 2026-03-29 in Berlin holds exactly its sales', async () => {
    await setZone('Europe/Berlin');
    expect(await ordersOn('2026-03-28')).toEqual(['lastOfMarch28']);
    expect(await ordersOn('2026-03-29')).toEqual(['firstOfMarch29', 'lastOfMarch29']);
    expect(await ordersOn('2026-03-30')).toEqual(['firstOfMarch30']);
  });

  it('answers by the new zone at once, even when no change notification arrives: a kept list names its zone', async () => {
    await setZone('UTC');
    expect(await ordersOn('2026-11-23')).toEqual([]);
    // The store row changed with its triggers off: no server hears of it, only the next read sees it.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(stores).set({ timeZone: 'Europe/Berlin' }).where(eq(stores.id, shop.id));
    });
    expect(await ordersOn('2026-11-23')).toEqual(['lateUtc']);
  });

  it("writes the CSV's dates on the store's wall clock with the offset", async () => {
    await setZone('Europe/Berlin');
    const response = await t.app.inject({ method: 'GET', url: `/api/stores/${shop.id}/orders.csv?from=2026-11-23&to=2026-11-23`, headers: shop.owner.headers });
    expect(response.statusCode).toBe(200);
    const rows = parse(response.body) as string[][];
    expect(rows.slice(1).map((row) => [row[0], row[1]])).toEqual([[ids.lateUtc, '2026-11-23T00:30:00+01:00']]);
    await setZone('UTC');
    const utc = parse((await t.app.inject({ method: 'GET', url: `/api/stores/${shop.id}/orders.csv?from=2026-11-22&to=2026-11-22`, headers: shop.owner.headers })).body) as string[][];
    expect(utc.slice(1).map((row) => row[1])).toEqual(['2026-11-22T23:30:00.000Z', '2026-11-22T22:59:00.000Z']);
  });
});

/** The first two cells of each line: the order id and the date (neither holds a comma or quote). */
function parse(text: string): string[][] {
  return text.trim().split('\n').map((line) => line.split(',').slice(0, 2));
}
