import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDaily, analyticsHourly } from '#src/db/schema/index.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { serverEventRow, type AnalyticsEventRow } from './analytics-event-row.ts';
import { writeAnalyticsEvents } from './write-analytics-events.ts';

let t: TestDatabase;
let storeId: string;
beforeAll(async () => {
  t = await createTestDatabase();
  ({ storeId } = await seedStorefront(t.db, { slug: 'rollup-groups' }));
});
afterAll(() => t?.drop());

/** One visitor from Britain on an iPhone: every event of the batch has the same columns but its time and type. */
const event = (type: AnalyticsEventRow['type'], second: number, revenueCents: number | null = null) =>
  serverEventRow({
    occurredAt: new Date(Date.UTC(2026, 10, 30, 9, 0, second)),
    storeId,
    localDay: '2026-11-30',
    type,
    visitor: 42n,
    visitDay: '2026-11-30',
    productId: 'prd_groups',
    revenueCents,
    country: 'GB',
    device: 'mobile',
  });

const counters = { visitors: analyticsHourly.visitors, views: analyticsHourly.views, productViews: analyticsHourly.productViews, sales: analyticsHourly.sales, revenueCents: analyticsHourly.revenueCents };

// The flush counts a batch's events per group of identical columns before it adds them to the
// rollups; a group of many events must add all of them, and its revenue is their sum.
describe('events with identical columns in one batch', () => {
  it('each count in the hourly and daily rollups, and their revenue adds up', async () => {
    const views = Array.from({ length: 500 }, (_, second) => event('product_view', second % 60));
    const purchases = [event('purchase', 1, 1_000), event('purchase', 2, 2_500), event('purchase', 3, 0)];
    await writeAnalyticsEvents(t.db, [...views, ...purchases]);

    const hourly = await t.db
      .select({ dimension: analyticsHourly.dimension, ...counters })
      .from(analyticsHourly)
      .where(and(eq(analyticsHourly.storeId, storeId), inArray(analyticsHourly.dimension, ['all', 'product', 'country'])))
      .orderBy(analyticsHourly.dimension);
    const expected = { visitors: 1, views: 500, productViews: 500, sales: 3, revenueCents: 3_500 };
    expect(hourly).toEqual([
      { dimension: 'all', ...expected },
      { dimension: 'country', ...expected },
      // A purchase names its product too; the visit (visitors) is counted on source dimensions only.
      { dimension: 'product', ...expected, visitors: 0 },
    ]);
    const [daily] = await t.db
      .select({ views: analyticsDaily.views, sales: analyticsDaily.sales, revenueCents: analyticsDaily.revenueCents })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.storeId, storeId), eq(analyticsDaily.dimension, 'all')));
    expect(daily).toEqual({ views: 500, sales: 3, revenueCents: 3_500 });

    // A second batch of the same columns adds to the same rows.
    await writeAnalyticsEvents(t.db, [event('product_view', 59), event('purchase', 59, 500)]);
    const [again] = await t.db
      .select(counters)
      .from(analyticsHourly)
      .where(and(eq(analyticsHourly.storeId, storeId), eq(analyticsHourly.dimension, 'all')));
    expect(again).toEqual({ visitors: 1, views: 501, productViews: 501, sales: 4, revenueCents: 4_000 });
  });
});
