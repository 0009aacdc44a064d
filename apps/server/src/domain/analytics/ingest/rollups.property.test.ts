import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_EVENT_TYPES } from '#src/analytics/analytics-event.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import type { AnalyticsEventRow } from './analytics-event-row.ts';
import { rebuildAnalyticsRollups } from './rebuild-analytics-rollups.ts';
import { localDayOf } from './visitor-hash.ts';
import { writeAnalyticsEvents } from './write-analytics-events.ts';

/**
 * The rollups are maintained incrementally, batch by batch; whatever the batches, for any period
 * they must equal a direct count of the raw events (and visitors the visit rows first seen then).
 */
const START = Date.parse('2026-11-20T00:00:00Z');
const SPAN_MS = 5 * 24 * 3600_000;
const ZONES = ['Asia/Kolkata', 'UTC'] as const; // +05:30: day and hour boundaries disagree with UTC
const DIMENSIONS = ['all', 'product', 'link', 'page', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'country', 'device', 'browser', 'os'] as const;
const COLUMN: Record<(typeof DIMENSIONS)[number], string> = {
  all: `''`, product: 'product_id', link: 'link_id', page: 'page', referrer: 'referrer_host', utm_source: 'utm_source', utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign', country: 'country', device: 'device', browser: 'browser', os: 'os',
};
const COUNTERS = `coalesce(sum((type in ('storefront_view', 'product_view', 'page_view'))::int), 0) as views,
  coalesce(sum((type = 'product_view')::int), 0) as product_views, coalesce(sum((type = 'link_click')::int), 0) as clicks,
  coalesce(sum((type = 'checkout_started')::int), 0) as checkouts, coalesce(sum((type = 'purchase')::int), 0) as sales,
  coalesce(sum(case when type = 'purchase' then revenue_cents else 0 end), 0) as revenue_cents, coalesce(sum((type = 'members_signup')::int), 0) as signups`;
const SUMS = `sum(visitors) as visitors, sum(views) as views, sum(product_views) as product_views, sum(clicks) as clicks, sum(checkouts) as checkouts,
  sum(sales) as sales, sum(revenue_cents) as revenue_cents, sum(signups) as signups`;

let t: TestDatabase;
const storeIds: string[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  for (const [index, zone] of ZONES.entries()) {
    const { storeId } = await seedStorefront(t.db, { slug: `prop-${index}` });
    await t.db.execute(sql`update stores set time_zone = ${zone} where id = ${storeId}`);
    storeIds.push(storeId);
  }
});
afterAll(() => t?.drop());

const maybe = <T>(values: T[]) => fc.option(fc.constantFrom(...values), { nil: null });
const eventArb = fc.record({
  store: fc.integer({ min: 0, max: 1 }),
  offset: fc.integer({ min: 0, max: SPAN_MS - 1 }),
  type: fc.constantFrom(...ANALYTICS_EVENT_TYPES),
  visitor: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null, freq: 8 }),
  product: fc.constantFrom('prd_a', 'prd_b'),
  link: fc.constantFrom('l1', 'social:instagram'),
  page: fc.constantFrom('home', 'about'),
  revenue: fc.integer({ min: 0, max: 50_000 }),
  referrer: maybe(['news.example', 'ig.example']),
  utm: maybe(['mail', 'ads']),
  country: maybe(['GB', 'IN']),
  device: fc.constantFrom('desktop', 'mobile', 'tablet'),
  browser: maybe(['Chrome', 'Safari']),
});
type Generated = typeof eventArb extends fc.Arbitrary<infer T> ? T : never;

function toRow(e: Generated): AnalyticsEventRow {
  const at = new Date(START + e.offset);
  const storeId = storeIds[e.store]!;
  const day = localDayOf(at, ZONES[e.store]!);
  const has = (types: string[]) => types.includes(e.type);
  return {
    occurredAt: at, storeId, localDay: day, type: e.type,
    visitor: e.visitor === null ? null : BigInt(e.visitor), visitDay: e.visitor === null ? null : day,
    productId: has(['product_view', 'checkout_started', 'purchase']) ? e.product : null,
    linkId: has(['link_click']) ? e.link : null,
    page: has(['page_view']) ? e.page : null,
    orderId: null,
    revenueCents: has(['purchase']) ? e.revenue : null,
    referrerHost: e.referrer, utmSource: e.utm, utmMedium: e.utm && 'email', utmCampaign: e.utm && 'spring',
    country: e.country, device: e.device, browser: e.browser, os: e.browser && 'iOS',
  };
}

type Counts = Record<string, Record<string, number>>;
async function byValue(query: string): Promise<Counts> {
  const rows = (await t.db.execute<Record<string, string | number>>(sql.raw(query))).rows;
  const out: Counts = {};
  for (const { value, ...counters } of rows) {
    const numbers = Object.fromEntries(Object.entries(counters).map(([key, n]) => [key, Number(n)]));
    if (Object.values(numbers).some((n) => n !== 0)) out[String(value)] = numbers;
  }
  return out;
}

/** Rollup sums vs. direct counts for one store, one dimension, one period. */
async function compare(storeId: string, dimension: (typeof DIMENSIONS)[number], period: { table: 'daily' | 'hourly'; from: string; to: string }) {
  const column = COLUMN[dimension];
  const [eventsWhere, visitsWhere, rollupWhere] =
    period.table === 'daily'
      ? [`local_day between '${period.from}' and '${period.to}'`, `local_day between '${period.from}' and '${period.to}'`, `day between '${period.from}' and '${period.to}'`]
      : [`occurred_at >= '${period.from}' and occurred_at < '${period.to}'`, `first_seen_at >= '${period.from}' and first_seen_at < '${period.to}'`, `hour >= '${period.from}' and hour < '${period.to}'`];
  const perEvent = ['product', 'link', 'page'].includes(dimension);
  const rollup = await byValue(`select value, ${SUMS} from analytics_${period.table} where store_id = '${storeId}' and dimension = '${dimension}' and ${rollupWhere} group by value`);
  const events = await byValue(`select coalesce(${column}, '') as value, ${COUNTERS} from analytics_events
    where store_id = '${storeId}' and ${eventsWhere} ${perEvent ? `and ${column} is not null` : ''} group by 1`);
  const visits = perEvent ? {} : await byValue(`select coalesce(${column}, '') as value, count(*) as visitors from analytics_visits where store_id = '${storeId}' and ${visitsWhere} group by 1`);
  const expected: Counts = {};
  for (const value of new Set([...Object.keys(events), ...Object.keys(visits)])) {
    expected[value] = { visitors: visits[value]?.visitors ?? 0, views: 0, product_views: 0, clicks: 0, checkouts: 0, sales: 0, revenue_cents: 0, signups: 0, ...events[value] };
  }
  expect(rollup, `${period.table} ${dimension} ${period.from}..${period.to}`).toEqual(expected);
}

const day = (offsetDays: number) => new Date(START + offsetDays * 86_400_000).toISOString().slice(0, 10);
const hour = (offsetHours: number) => new Date(START + offsetHours * 3_600_000).toISOString();

describe('analytics rollups', () => {
  it('equal a direct count of the raw events for random periods, whatever the batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArb, { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 59 }), { maxLength: 6 }),
        fc.tuple(fc.integer({ min: -1, max: 6 }), fc.integer({ min: 0, max: 6 })),
        fc.tuple(fc.integer({ min: -6, max: 130 }), fc.integer({ min: 1, max: 72 })),
        async (generated, cuts, [fromDay, days], [fromHour, hours]) => {
          await t.db.execute(sql`truncate analytics_events, analytics_visits, analytics_hourly, analytics_daily`);
          // Events reach the buffer in time order; the flushes cut that stream anywhere.
          const rows = generated.map(toRow).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
          const bounds = [0, ...[...new Set(cuts)].filter((cut) => cut < rows.length).sort((a, b) => a - b), rows.length];
          let written = 0;
          for (let i = 1; i < bounds.length; i++) written += await writeAnalyticsEvents(t.db, rows.slice(bounds[i - 1], bounds[i]));
          expect(written).toBe(rows.length);

          for (const storeId of storeIds) {
            for (const dimension of DIMENSIONS) {
              await compare(storeId, dimension, { table: 'daily', from: day(fromDay), to: day(fromDay + days) });
              await compare(storeId, dimension, { table: 'hourly', from: hour(fromHour), to: hour(fromHour + hours) });
            }
            // The funnel rows count the visits of those days that reached each step.
            const range = `day between '${day(fromDay)}' and '${day(fromDay + days)}'`;
            const funnel = await byValue(`select value, sum(visitors) as visitors from analytics_daily where store_id = '${storeId}' and dimension = 'funnel' and ${range} group by value`);
            const reached = await byValue(`select step as value, count(*) as visitors from analytics_visits
              cross join lateral (values ('storefront_view', viewed_store), ('product_view', viewed_product), ('checkout_started', started_checkout), ('purchase', purchased)) as s(step, flag)
              where store_id = '${storeId}' and flag > 0 and ${range.replace('day', 'local_day')} group by step`);
            expect(funnel, `funnel ${range}`).toEqual(reached);
            // Each visit's source is its visitor's earliest event of that day (the entry source).
            const visits = (await t.db.execute<{ local_day: string; visitor: string; referrer_host: string | null; country: string | null }>(
              sql`select local_day::text, visitor::text, referrer_host, country from analytics_visits where store_id = ${storeId}`,
            )).rows;
            for (const visit of visits) {
              const first = rows.find((row) => row.storeId === storeId && row.visitDay === visit.local_day && String(row.visitor) === visit.visitor);
              expect({ referrer: visit.referrer_host, country: visit.country }).toEqual({ referrer: first?.referrerHost, country: first?.country });
            }
          }
          // A rebuild from the raw rows gives the same rollups as the increments.
          const before = await t.db.execute(sql`select * from analytics_daily order by store_id, day, dimension, value`);
          const beforeHourly = await t.db.execute(sql`select * from analytics_hourly order by store_id, hour, dimension, value`);
          for (const storeId of storeIds) await rebuildAnalyticsRollups(t.db, storeId);
          expect((await t.db.execute(sql`select * from analytics_daily order by store_id, day, dimension, value`)).rows).toEqual(before.rows);
          expect((await t.db.execute(sql`select * from analytics_hourly order by store_id, hour, dimension, value`)).rows).toEqual(beforeHourly.rows);
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
