import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { stores } from '#src/db/schema/index.ts';
import { enqueueAnalyticsRebuild } from '#src/domain/analytics/ingest/analytics-rebuild-job.ts';
import { getOwnedStore } from './get-owned-store.ts';

/**
 * updateStoreTimeZone: the contract has checked the IANA name. Visitors see nothing of it, so the
 * storefront caches stay; sales ranges and the CSV read it on their next request. The analytics
 * days follow the zone: a change queues a rebuild of the store's rollups (a job, committed with it).
 */
export async function updateStoreTimeZone(
  db: Database,
  options: { storeId: string; userId: string; timeZone: string; now: Date },
): Promise<{ timeZone: string }> {
  return db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { ...options, lock: true });
    await tx.update(stores).set({ timeZone: options.timeZone, updatedAt: options.now }).where(eq(stores.id, store.id));
    if (store.timeZone !== options.timeZone) await enqueueAnalyticsRebuild(tx, store.id, options.now);
    return { timeZone: options.timeZone };
  });
}
