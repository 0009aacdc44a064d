import { ANALYTICS_LIMITS } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import type { SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { insertEvent, seedAnalyticsStore } from './analytics-fixtures.ts';

const NOW = new Date('2026-11-21T14:30:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;

describe('getLiveVisitors', () => {
  const clock = manualClock(NOW);
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await seedAnalyticsStore(t);
    other = await seedAnalyticsStore(t);
    const event = (visitor: number | null, at: Date, storeId = shop.id) => insertEvent(t.db, storeId, { occurredAt: at, visitor });
    await event(1, ago(5 * MINUTE - 1)); // just inside the window
    await event(1, ago(MINUTE)); // the same visitor again
    await event(2, ago(0)); // this very instant
    await event(3, ago(5 * MINUTE)); // exactly 5 minutes ago: outside
    await event(4, ago(6 * MINUTE));
    await event(null, ago(MINUTE)); // a purchase from the payment path has no visitor
    await event(5, ago(MINUTE), other.id);
    await event(6, ago(MINUTE), other.id);
  });
  afterAll(() => t?.close());

  const live = async (store: SeededStore) => {
    const response = await callFunction(t.app, 'getLiveVisitors', { storeId: store.id }, { as: store.owner });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as { visitors: number; windowMinutes: number };
  };

  it('counts distinct visitors of this store in the last 5 minutes only', async () => {
    clock.set(NOW);
    expect(await live(shop)).toEqual({ visitors: 2, windowMinutes: ANALYTICS_LIMITS.liveWindowMinutes });
    expect(await live(other)).toEqual({ visitors: 2, windowMinutes: 5 });
  });

  it('moves with the clock: a minute later the oldest visit has left the window', async () => {
    clock.set(new Date(NOW.getTime() + MINUTE));
    expect((await live(shop)).visitors).toBe(2);
    clock.set(new Date(NOW.getTime() + 4 * MINUTE));
    expect((await live(shop)).visitors).toBe(1);
    clock.set(new Date(NOW.getTime() + 10 * MINUTE));
    expect((await live(shop)).visitors).toBe(0);
  });
});
