import { MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import type { SeededStore } from '#src/testing/orders.ts';
import { setFlag } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { insertDaily, insertEvent, seedAnalyticsStore } from './analytics-fixtures.ts';

const FUNCTIONS = [
  ['getAnalyticsOverview', { period: '30d' }],
  ['getLiveVisitors', {}],
  ['getProductAnalytics', {}],
  ['getAdvancedAnalytics', { period: '30d' }],
] as const;

describe('analytics functions: only the store owner reads a store', () => {
  let t: TestApp;
  let shop: SeededStore;
  let stranger: SeededStore;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedAnalyticsStore(t);
    stranger = await seedAnalyticsStore(t);
    await setFlag(t, 'advancedAnalytics', true);
    await insertDaily(t.db, shop.id, new Date().toISOString().slice(0, 10), 'all', '', { visitors: 3, views: 3 });
    await insertEvent(t.db, shop.id, { occurredAt: new Date(), visitor: 1 });
  });
  afterAll(() => t?.close());

  it.each(FUNCTIONS)("%s: another creator's store answers exactly like a store that does not exist", async (name, input) => {
    const foreign = seen(await callFunction(t.app, name, { storeId: shop.id, ...input }, { as: stranger.owner }));
    const missing = seen(await callFunction(t.app, name, { storeId: newId('store'), ...input }, { as: stranger.owner }));
    expect(foreign).toEqual({ status: 404, body: { error: { status: 'NOT_FOUND', message: MESSAGES.stores.notFound } } });
    expect(missing).toEqual(foreign);
    expect((await callFunction(t.app, name, { storeId: shop.id, ...input }, { as: shop.owner })).statusCode).toBe(200);
  });

  it.each(FUNCTIONS)('%s: refuses a signed-out caller', async (name, input) => {
    expect((await callFunction(t.app, name, { storeId: shop.id, ...input })).statusCode).toBe(401);
  });
});
