// Exports the daily sale-digest job (SALE_DIGEST_KIND, scheduleSaleDigest, createSaleDigestJob): one
// module because the job reschedules itself, laid out like domain/uploads/sweep-uploads-job.ts.
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import type { JobHandler } from '#src/jobs/types.ts';
import { sendSaleDigests } from './send-sale-digests.ts';

export const SALE_DIGEST_KIND = 'sale-digest';
const HOUR_MS = 60 * 60 * 1000;
/** A few minutes after the hour, so the last orders of a store's day have committed. */
const RUN_AFTER_HOUR_MS = 5 * 60 * 1000;

/**
 * The digests are looked at every hour, because stores' days end at different UTC hours (each
 * store's time zone). The next run is due just after the coming hour; that hour is the idempotency
 * key, so every server may call this at start and after each run and there is one job per hour.
 */
export function scheduleSaleDigest(db: Executor, now: Date) {
  const nextHour = new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS).toISOString();
  return enqueueJob(db, SALE_DIGEST_KIND, { hour: nextHour }, { idempotencyKey: nextHour, runAt: new Date(Date.parse(nextHour) + RUN_AFTER_HOUR_MS) });
}

export function createSaleDigestJob(options: { db: Database; publicUrl: string }): JobHandler {
  const { db, publicUrl } = options;
  return {
    kind: SALE_DIGEST_KIND,
    async run(job, ctx) {
      const { hour } = job.payload as { hour?: string };
      const { stores } = await sendSaleDigests(db, { at: hour ? new Date(hour) : ctx.now(), publicUrl });
      ctx.log.info({ hour, stores }, 'queued the daily sale digests due this hour');
      await scheduleSaleDigest(db, ctx.now());
    },
  };
}
