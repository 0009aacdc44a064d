// Exports the rollup rebuild job (ANALYTICS_REBUILD_KIND, enqueueAnalyticsRebuild,
// createAnalyticsRebuildJob): one module because the payload's shape is shared by both ends.
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { rebuildAnalyticsRollups } from './rebuild-analytics-rollups.ts';

export const ANALYTICS_REBUILD_KIND = 'analytics-rebuild';

/**
 * Queues a rebuild of one store's rollups (its time zone changed). With a transaction as `db` it
 * exists only if that commits. A busy store's rebuild reads millions of events: it runs as a job,
 * not inside the creator's request.
 */
export function enqueueAnalyticsRebuild(db: Executor, storeId: string, now: Date) {
  return enqueueJob(db, ANALYTICS_REBUILD_KIND, { storeId }, { idempotencyKey: `${storeId}:${now.toISOString()}` });
}

/** Rebuilds and marks the job done in one transaction. */
export function createAnalyticsRebuildJob(options: { db: Database }): JobHandler {
  return {
    kind: ANALYTICS_REBUILD_KIND,
    async run(job, ctx) {
      const storeId = (job.payload as { storeId?: unknown } | null)?.storeId;
      if (typeof storeId !== 'string') throw new PermanentJobError('analytics rebuild job without a store');
      await options.db.transaction(async (tx) => {
        await rebuildAnalyticsRollups(tx, storeId);
        await ctx.complete(tx);
      });
    },
  };
}
