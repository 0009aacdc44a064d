// Exports the analytics maintenance job (ANALYTICS_MAINTENANCE_KIND, scheduleAnalyticsMaintenance,
// createAnalyticsMaintenanceJob): one module because the job reschedules itself, like
// domain/uploads/sweep-uploads-job.ts.
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import type { JobHandler } from '#src/jobs/types.ts';
import { runAnalyticsMaintenance } from './run-analytics-maintenance.ts';

export const ANALYTICS_MAINTENANCE_KIND = 'analytics-maintenance';
const HOUR_MS = 60 * 60 * 1000;

/** One run an hour (the hour is the idempotency key). */
export function scheduleAnalyticsMaintenance(db: Executor, now: Date) {
  const nextHour = Math.floor(now.getTime() / HOUR_MS) + 1;
  return enqueueJob(db, ANALYTICS_MAINTENANCE_KIND, {}, { idempotencyKey: String(nextHour), runAt: new Date(nextHour * HOUR_MS) });
}

export function createAnalyticsMaintenanceJob(options: { db: Database; retentionMonths: number }): JobHandler {
  const { db, retentionMonths } = options;
  return {
    kind: ANALYTICS_MAINTENANCE_KIND,
    async run(_job, ctx) {
      const done = await runAnalyticsMaintenance(db, { now: ctx.now(), retentionMonths });
      ctx.log.info(done, 'analytics partitions, retention and salts maintained');
      await scheduleAnalyticsMaintenance(db, ctx.now());
    },
  };
}
