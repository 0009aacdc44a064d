import type { AnalyticsPoint, AnalyticsTotals } from '@shopfront/core';
import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { analyticsDaily, analyticsHourly } from '#src/db/schema/index.ts';
import { addCounters, counterColumns, emptyCounters, toPoint, toTotals, type Counters } from './analytics-counters.ts';
import { bucketOfDay, hoursOf, type AnalyticsWindow, type DayRange } from './analytics-period.ts';

export interface PeriodSeries {
  totals: AnalyticsTotals;
  previousTotals: AnalyticsTotals;
  series: AnalyticsPoint[];
  previousSeries: AnalyticsPoint[];
  /**
   * Views of the storefront itself in the period: the store's views (dimension `all`) less its
   * product page views and its website page views (the `page` dimension) — the denominator of a
   * link's click-through rate, since links are clicked on the storefront.
   */
  storefrontViews: number;
}

const inRange = (day: string, range: DayRange) => day >= range.from && day <= range.to;

/**
 * The store's totals and chart points for a period and the one before it, from the rollups only:
 * `analytics_daily` (dimensions `all` and `page`) for both periods' days in one range read, and
 * `analytics_hourly` for the points of an hourly period. Totals always come from the store-local
 * days, so in a zone offset by a half hour the hourly points may hold up to 30 minutes on either
 * side of the day that the totals do not.
 */
export async function readPeriodSeries(db: Executor, options: { storeId: string; window: AnalyticsWindow; timeZone: string }): Promise<PeriodSeries> {
  const { window, storeId } = options;
  const days = await db
    .select({
      day: analyticsDaily.day,
      ...counterColumns(analyticsDaily, sql`${analyticsDaily.dimension} = 'all'`),
      pageViews: sql<number>`coalesce(sum(${analyticsDaily.views}) filter (where ${analyticsDaily.dimension} = 'page'), 0)::bigint`.mapWith(Number),
    })
    .from(analyticsDaily)
    .where(
      and(
        eq(analyticsDaily.storeId, storeId),
        gte(analyticsDaily.day, window.previousRange.from),
        lte(analyticsDaily.day, window.range.to),
        inArray(analyticsDaily.dimension, ['all', 'page']),
      ),
    )
    .groupBy(analyticsDaily.day);

  const current = emptyCounters();
  const previous = emptyCounters();
  let pageViews = 0;
  for (const row of days) {
    if (inRange(row.day, window.range)) {
      addCounters(current, row);
      pageViews += row.pageViews;
    } else if (inRange(row.day, window.previousRange)) addCounters(previous, row);
  }

  const byBucket = window.granularity === 'hour' ? await readHours(db, options) : groupDays(days, window.granularity);
  const points = (buckets: string[]) => buckets.map((bucket) => toPoint(bucket, byBucket.get(bucket)));
  return {
    totals: toTotals(current),
    previousTotals: toTotals(previous),
    series: points(window.buckets),
    previousSeries: alignByIndex(points(window.previousBuckets), window.buckets.length),
    storefrontViews: Math.max(0, current.views - current.productViews - pageViews),
  };
}

function groupDays(days: readonly (Counters & { day: string })[], granularity: 'day' | 'month'): Map<string, Counters> {
  const byBucket = new Map<string, Counters>();
  for (const row of days) {
    const bucket = bucketOfDay(row.day, granularity);
    byBucket.set(bucket, addCounters(byBucket.get(bucket) ?? emptyCounters(), row));
  }
  return byBucket;
}

/** The store's hourly counters over both periods' UTC hours, by ISO hour. */
async function readHours(db: Executor, options: { storeId: string; window: AnalyticsWindow; timeZone: string }): Promise<Map<string, Counters>> {
  const first = hoursOf(options.window.previousRange, options.timeZone).buckets[0]!;
  const { end } = hoursOf(options.window.range, options.timeZone);
  const rows = await db
    .select({ hour: analyticsHourly.hour, ...counterColumns(analyticsHourly) })
    .from(analyticsHourly)
    .where(
      and(
        eq(analyticsHourly.storeId, options.storeId),
        gte(analyticsHourly.hour, new Date(first)),
        lt(analyticsHourly.hour, end),
        eq(analyticsHourly.dimension, 'all'),
      ),
    )
    .groupBy(analyticsHourly.hour);
  return new Map(rows.map(({ hour, ...counters }) => [hour.toISOString(), counters]));
}

/**
 * The previous period's points, as many as the current period's so index i compares with index i.
 * When the previous period has more buckets (a 25-hour day, a month split by the period's start)
 * its first ones are folded into the next, so nothing is lost; when it has fewer, zero points with
 * an empty label pad the end.
 */
export function alignByIndex(points: AnalyticsPoint[], length: number): AnalyticsPoint[] {
  const aligned = [...points];
  while (aligned.length > length && aligned.length > 1) {
    const [first, second] = aligned.splice(0, 2) as [AnalyticsPoint, AnalyticsPoint];
    aligned.unshift({
      bucket: second.bucket,
      visitors: first.visitors + second.visitors,
      views: first.views + second.views,
      clicks: first.clicks + second.clicks,
      checkouts: first.checkouts + second.checkouts,
      sales: first.sales + second.sales,
      revenueCents: first.revenueCents + second.revenueCents,
    });
  }
  while (aligned.length < length) aligned.push(toPoint(''));
  return aligned;
}
