import { asc, count, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '#src/db/executor.ts';
import { orders, stores, users } from '#src/db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The admin home's numbers, all time and since 30 days before `now`: creators (accounts), stores,
 * sales (orders, refunded ones included) and revenue, which is the platform fee recorded on each
 * order (Stripe keeps the application fee when a sale is refunded), per currency.
 */
export async function getPlatformStats(options: { db: Executor; now: Date }) {
  const { db } = options;
  const since = new Date(options.now.getTime() - 30 * DAY_MS);
  const recent = (column: AnyPgColumn) => sql<number>`count(*) filter (where ${column} >= ${since})`.mapWith(Number);
  const [[creators], [storeCounts], [sales], revenue] = await Promise.all([
    db.select({ total: count(), last30Days: recent(users.createdAt) }).from(users),
    db.select({ total: count(), last30Days: recent(stores.createdAt) }).from(stores),
    db.select({ total: count(), last30Days: recent(orders.createdAt) }).from(orders),
    db
      .select({
        currency: orders.currency,
        totalCents: sql<number>`coalesce(sum(${orders.platformFeeCents}), 0)`.mapWith(Number),
        last30DaysCents: sql<number>`coalesce(sum(${orders.platformFeeCents}) filter (where ${orders.createdAt} >= ${since}), 0)`.mapWith(Number),
      })
      .from(orders)
      .groupBy(orders.currency)
      .orderBy(asc(orders.currency)),
  ]);
  const zero = { total: 0, last30Days: 0 };
  return {
    creators: creators ?? zero,
    stores: storeCounts ?? zero,
    sales: sales ?? zero,
    revenue,
  };
}
