import type { AnalyticsAdvanced } from '@shopfront/core';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { analyticsDaily } from '#src/db/schema/index.ts';
import type { DayRange } from './analytics-period.ts';

const STEPS = ['storefront_view', 'product_view', 'checkout_started', 'purchase'] as const;

/**
 * The period's funnel: visits (one per visitor per store-local day) that reached each step, from
 * the daily rollup's `funnel` rows (the flush adds one when a visit first reaches a step), so a
 * 12-month funnel reads at most four rows a day.
 */
export async function readFunnel(db: Executor, options: { storeId: string; range: DayRange }): Promise<AnalyticsAdvanced['funnel']> {
  const d = analyticsDaily;
  const rows = await db
    .select({ step: d.value, visitors: sql<number>`sum(${d.visitors})`.mapWith(Number) })
    .from(d)
    .where(and(eq(d.storeId, options.storeId), eq(d.dimension, 'funnel'), gte(d.day, options.range.from), lte(d.day, options.range.to)))
    .groupBy(d.value);
  const reached = new Map(rows.map((row) => [row.step, row.visitors]));
  return STEPS.map((step) => ({ step, visitors: reached.get(step) ?? 0 }));
}
