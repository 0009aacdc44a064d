import { AppError, MESSAGES } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { stores } from '#src/db/schema/index.ts';
import { rebuildAnalyticsRollups } from './rebuild-analytics-rollups.ts';

/**
 * The operator's rebuild (`npm run admin -- analytics-rebuild <store-slug>`): one store's rollups
 * recomputed from its raw events and visits. Answers how many rollup rows the store has after it.
 */
export async function rebuildStoreAnalytics(db: Database, slug: string): Promise<{ storeId: string; rollupRows: number }> {
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.slug, slug));
  if (!store) throw new AppError('not-found', MESSAGES.stores.notFound);
  await rebuildAnalyticsRollups(db, store.id);
  const [counted] = (
    await db.execute<{ n: string }>(
      sql`select (select count(*) from analytics_hourly where store_id = ${store.id}) + (select count(*) from analytics_daily where store_id = ${store.id}) as n`,
    )
  ).rows;
  return { storeId: store.id, rollupRows: Number(counted?.n ?? 0) };
}
