// Exports the grace-expiry job (EXPIRE_BILLING_GRACE_KIND, scheduleExpireBillingGrace, createExpireBillingGraceJob),
// laid out like jobs/purge-expired-job.ts: one job per hour, scheduled with the server's hourly jobs.
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import type { JobHandler } from '#src/jobs/types.ts';
import { expireBillingGrace } from './expire-billing-grace.ts';

export const EXPIRE_BILLING_GRACE_KIND = 'expire-billing-grace';
const HOUR_MS = 60 * 60 * 1000;

export function scheduleExpireBillingGrace(db: Executor, now: Date) {
  const nextHour = Math.floor(now.getTime() / HOUR_MS) + 1;
  return enqueueJob(db, EXPIRE_BILLING_GRACE_KIND, {}, { idempotencyKey: String(nextHour), runAt: new Date(nextHour * HOUR_MS) });
}

export function createExpireBillingGraceJob(options: { db: Database }): JobHandler {
  return {
    kind: EXPIRE_BILLING_GRACE_KIND,
    async run(_job, ctx) {
      const { dropped } = await expireBillingGrace(options.db, ctx.now());
      if (dropped.length > 0) ctx.log.info({ dropped }, 'billing grace ended: accounts dropped to free');
      await scheduleExpireBillingGrace(options.db, ctx.now());
    },
  };
}
