import { ANALYTICS_LIMITS } from '@shopfront/core';
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { analyticsDaily } from '#src/db/schema/index.ts';
import type { Counters } from './analytics-counters.ts';
import type { DayRange } from './analytics-period.ts';

export const BREAKDOWN_DIMENSIONS = ['product', 'link', 'page', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'country', 'device', 'browser', 'os'] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

export interface BreakdownRow extends Counters {
  value: string;
}

/**
 * How a table is ranked. `traffic`: visitors then views, except products (product views, then
 * sales) and links (clicks), whose rows carry no visitors. `revenue`: revenue, sales, visitors.
 * Ties go by value, so the order is stable.
 */
export type BreakdownOrder = 'traffic' | 'revenue';

const d = analyticsDaily;
const ORDER: Record<BreakdownOrder, SQL> = {
  traffic: sql`(case ${d.dimension} when 'link' then sum(${d.clicks}) when 'product' then sum(${d.productViews}) else sum(${d.visitors}) end) desc,
    (case ${d.dimension} when 'link' then 0 when 'product' then sum(${d.sales}) else sum(${d.views}) end) desc, ${d.value}`,
  revenue: sql`sum(${d.revenueCents}) desc, sum(${d.sales}) desc, sum(${d.visitors}) desc, ${d.value}`,
};

interface RawRow extends Record<string, unknown> {
  dimension: BreakdownDimension;
  value: string;
  visitors: string;
  views: string;
  product_views: string;
  clicks: string;
  checkouts: string;
  sales: string;
  revenue_cents: string;
  signups: string;
}

/**
 * The top `limit` values of each dimension over the store-local days of `range`, summed from
 * `analytics_daily` (one index range read of the store's days; the ranking happens in PostgreSQL
 * so only the rows shown leave it). Every dimension asked for is in the map, empty when unseen.
 */
export async function readBreakdowns(
  db: Executor,
  options: { storeId: string; range: DayRange; dimensions: readonly BreakdownDimension[]; order: BreakdownOrder; limit?: number },
): Promise<Map<BreakdownDimension, BreakdownRow[]>> {
  const limit = options.limit ?? ANALYTICS_LIMITS.tableRows;
  const where = and(
    eq(d.storeId, options.storeId),
    gte(d.day, options.range.from),
    lte(d.day, options.range.to),
    inArray(d.dimension, [...options.dimensions]),
  );
  const result = await db.execute<RawRow>(sql`
    select * from (
      select ${d.dimension} as dimension, ${d.value} as value,
        sum(${d.visitors})::bigint as visitors, sum(${d.views})::bigint as views, sum(${d.productViews})::bigint as product_views,
        sum(${d.clicks})::bigint as clicks, sum(${d.checkouts})::bigint as checkouts, sum(${d.sales})::bigint as sales,
        sum(${d.revenueCents})::bigint as revenue_cents, sum(${d.signups})::bigint as signups,
        row_number() over (partition by ${d.dimension} order by ${ORDER[options.order]}) as rank
      from ${d}
      where ${where}
      group by ${d.dimension}, ${d.value}
    ) ranked
    where rank <= ${limit}
    order by dimension, rank`);
  const tables = new Map<BreakdownDimension, BreakdownRow[]>(options.dimensions.map((dimension) => [dimension, []]));
  for (const row of result.rows) {
    tables.get(row.dimension)?.push({
      value: row.value,
      visitors: Number(row.visitors),
      views: Number(row.views),
      productViews: Number(row.product_views),
      clicks: Number(row.clicks),
      checkouts: Number(row.checkouts),
      sales: Number(row.sales),
      revenueCents: Number(row.revenue_cents),
      signups: Number(row.signups),
    });
  }
  return tables;
}
