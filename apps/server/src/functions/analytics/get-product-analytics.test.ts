import type { AnalyticsProductRow } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { seedProduct, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { insertDaily, seedAnalyticsStore } from './analytics-fixtures.ts';

/** 01:30 on 22 November in Sydney: the last 30 Sydney days are 24 October to 22 November. */
const NOW = new Date('2026-11-21T14:30:00.000Z');

describe('getProductAnalytics', () => {
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;
  let mug: string;
  let print: string;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    shop = await seedAnalyticsStore(t, { timeZone: 'Australia/Sydney' });
    other = await seedAnalyticsStore(t);
    mug = (await seedProduct(t, shop.id, { title: 'Mug' })).id;
    print = (await seedProduct(t, shop.id, { title: 'Print' })).id;
    const theirs = (await seedProduct(t, other.id, { title: 'Theirs' })).id;
    const product = (day: string, productId: string, counters: Parameters<typeof insertDaily>[5], storeId = shop.id) =>
      insertDaily(t.db, storeId, day, 'product', productId, counters);
    await product('2026-11-22', mug, { views: 4, productViews: 4, checkouts: 2, sales: 1, revenueCents: 1500 });
    await product('2026-10-24', mug, { views: 1, productViews: 1 }); // the 30th day back: in
    await product('2026-10-23', mug, { views: 50, productViews: 50 }); // the 31st: out
    await product('2026-11-23', mug, { views: 60, productViews: 60 }); // tomorrow in Sydney: out
    await product('2026-11-01', print, { views: 9, productViews: 9, checkouts: 1 });
    await product('2026-11-01', newId('prd'), { views: 99, productViews: 99 }); // deleted: not in the product list
    await product('2026-11-01', theirs, { views: 98, productViews: 98 }); // another store's id in this store's rows
    await product('2026-11-01', mug, { views: 500, productViews: 500 }, other.id);
  });
  afterAll(() => t?.close());

  it("gives each of the store's products its views, checkouts, sales and revenue over the last 30 local days", async () => {
    const response = await callFunction(t.app, 'getProductAnalytics', { storeId: shop.id }, { as: shop.owner });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result as { days: number; products: AnalyticsProductRow[] };
    expect(result).toEqual({
      days: 30,
      products: [
        { productId: print, title: 'Print', views: 9, checkouts: 1, sales: 0, revenueCents: 0 },
        { productId: mug, title: 'Mug', views: 5, checkouts: 2, sales: 1, revenueCents: 1500 },
      ],
    });
  });

  it('is empty for a store without product numbers', async () => {
    const response = await callFunction(t.app, 'getProductAnalytics', { storeId: other.id }, { as: other.owner });
    expect(response.json().result).toEqual({ days: 30, products: [] });
  });
});
