import type { AnalyticsProductRow } from '@shopfront/core';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { analyticsDaily, products, type StoreRow } from '#src/db/schema/index.ts';
import { counterColumns } from './analytics-counters.ts';
import { addDays, localDayOf } from './local-time.ts';

export const PRODUCT_ANALYTICS_DAYS = 30;

/**
 * Each of the store's products with numbers in the last 30 store-local days (today included), from
 * the `product` dimension of `analytics_daily`, most viewed first. Only products that still exist
 * in this store are listed: the rows feed the product list, which shows no deleted products.
 */
export async function findProductAnalytics(
  db: Executor,
  options: { store: Pick<StoreRow, 'id' | 'timeZone'>; now: Date },
): Promise<{ days: number; products: AnalyticsProductRow[] }> {
  const today = localDayOf(options.now, options.store.timeZone);
  const counters = counterColumns(analyticsDaily);
  const rows = await db
    .select({
      productId: analyticsDaily.value,
      title: products.title,
      views: counters.productViews,
      checkouts: counters.checkouts,
      sales: counters.sales,
      revenueCents: counters.revenueCents,
    })
    .from(analyticsDaily)
    .innerJoin(products, and(eq(products.id, analyticsDaily.value), eq(products.storeId, analyticsDaily.storeId)))
    .where(
      and(
        eq(analyticsDaily.storeId, options.store.id),
        gte(analyticsDaily.day, addDays(today, 1 - PRODUCT_ANALYTICS_DAYS)),
        lte(analyticsDaily.day, today),
        eq(analyticsDaily.dimension, 'product'),
      ),
    )
    .groupBy(analyticsDaily.value, products.title)
    .orderBy(desc(sql`sum(${analyticsDaily.productViews})`), desc(sql`sum(${analyticsDaily.sales})`), analyticsDaily.value);
  return { days: PRODUCT_ANALYTICS_DAYS, products: rows };
}
