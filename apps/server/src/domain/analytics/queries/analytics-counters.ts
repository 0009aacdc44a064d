// Exports the counter sums every analytics query selects (counterColumns, emptyCounters,
// addCounters, toTotals, toPoint): one module so each table and each period adds them alike.
import type { AnalyticsPoint, AnalyticsTotals } from '@shopfront/core';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export interface Counters {
  visitors: number;
  views: number;
  productViews: number;
  clicks: number;
  checkouts: number;
  sales: number;
  revenueCents: number;
  signups: number;
}

const COUNTERS = ['visitors', 'views', 'productViews', 'clicks', 'checkouts', 'sales', 'revenueCents', 'signups'] as const;

type RollupTable = Record<(typeof COUNTERS)[number], AnyPgColumn>;

/** `sum(counter)` of each counter of a rollup table, optionally only over rows matching `filter`. */
export function counterColumns(table: RollupTable, filter?: SQL) {
  const sum = (column: AnyPgColumn): SQL<number> =>
    (filter ? sql`coalesce(sum(${column}) filter (where ${filter}), 0)::bigint` : sql`coalesce(sum(${column}), 0)::bigint`).mapWith(Number);
  return Object.fromEntries(COUNTERS.map((name) => [name, sum(table[name])])) as Record<(typeof COUNTERS)[number], SQL<number>>;
}

export function emptyCounters(): Counters {
  return { visitors: 0, views: 0, productViews: 0, clicks: 0, checkouts: 0, sales: 0, revenueCents: 0, signups: 0 };
}

/** Adds `more` into `into` (mutating it) and returns it. */
export function addCounters(into: Counters, more: Counters): Counters {
  for (const name of COUNTERS) into[name] += more[name];
  return into;
}

/** A period's totals: the counters and sales ÷ visitors (0 without visitors). */
export function toTotals(counters: Counters): AnalyticsTotals {
  const { visitors, views, productViews, clicks, checkouts, sales, revenueCents, signups } = counters;
  return { visitors, views, productViews, clicks, checkouts, sales, revenueCents, signups, conversionRate: visitors > 0 ? sales / visitors : 0 };
}

export function toPoint(bucket: string, counters: Counters = emptyCounters()): AnalyticsPoint {
  const { visitors, views, clicks, checkouts, sales, revenueCents } = counters;
  return { bucket, visitors, views, clicks, checkouts, sales, revenueCents };
}
