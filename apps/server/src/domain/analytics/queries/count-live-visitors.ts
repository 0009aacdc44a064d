import { ANALYTICS_LIMITS } from '@shopfront/core';
import { and, countDistinct, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { analyticsEvents } from '#src/db/schema/index.ts';

/**
 * Distinct visitors of the store in the last `liveWindowMinutes` (the one dashboard read of raw
 * events: a range scan of `analytics_events_store_time_idx` over five minutes, in the newest
 * partition only). Events with no visitor (a purchase from the payment path) do not count.
 */
export async function countLiveVisitors(db: Executor, options: { storeId: string; now: Date }): Promise<{ visitors: number; windowMinutes: number }> {
  const windowMinutes = ANALYTICS_LIMITS.liveWindowMinutes;
  const since = new Date(options.now.getTime() - windowMinutes * 60_000);
  const [row] = await db
    .select({ visitors: countDistinct(analyticsEvents.visitor) })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.storeId, options.storeId), gt(analyticsEvents.occurredAt, since), lte(analyticsEvents.occurredAt, options.now)));
  return { visitors: Number(row?.visitors ?? 0), windowMinutes };
}
