import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDaily } from '#src/db/schema/index.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { serverEventRow } from './analytics-event-row.ts';
import { writeAnalyticsEvents } from './write-analytics-events.ts';

let t: TestDatabase;
let storeId: string;
beforeAll(async () => {
  t = await createTestDatabase();
  ({ storeId } = await seedStorefront(t.db, { slug: 'funnel-store' }));
});
afterAll(() => t?.drop());

const event = (type: 'storefront_view' | 'product_view' | 'checkout_started' | 'purchase', visitor: number, minute: number) =>
  serverEventRow({ occurredAt: new Date(Date.UTC(2026, 10, 26, 10, minute)), storeId, localDay: '2026-11-26', type, visitor: BigInt(visitor), visitDay: '2026-11-26' });

async function funnel(): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ step: analyticsDaily.value, visitors: analyticsDaily.visitors })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.storeId, storeId), eq(analyticsDaily.dimension, 'funnel')));
  return Object.fromEntries(rows.map((row) => [row.step, row.visitors]));
}

describe('the funnel rollup', () => {
  it('counts a visit once per step, when it first reaches it, across batches', async () => {
    await writeAnalyticsEvents(t.db, [event('storefront_view', 1, 0), event('storefront_view', 2, 1), event('storefront_view', 1, 2)]);
    expect(await funnel()).toEqual({ storefront_view: 2 });
    // Visitor 1 goes on in later batches; repeating a step adds nothing.
    await writeAnalyticsEvents(t.db, [event('product_view', 1, 3), event('storefront_view', 1, 4)]);
    await writeAnalyticsEvents(t.db, [event('product_view', 1, 5), event('checkout_started', 1, 6), event('purchase', 1, 7)]);
    // A new visitor who lands on a product page reaches only that step.
    await writeAnalyticsEvents(t.db, [event('product_view', 3, 8)]);
    expect(await funnel()).toEqual({ storefront_view: 2, product_view: 2, checkout_started: 1, purchase: 1 });
  });
});
