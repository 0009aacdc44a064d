// Exports the daily sale-digest job (SALE_DIGEST_KIND, scheduleSaleDigest, createSaleDigestJob): one
// module because the job reschedules itself, laid out like domain/uploads/sweep-uploads-job.ts.
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import type { JobHandler } from '#src/jobs/types.ts';
import { sendSaleDigests } from './send-sale-digests.ts';

export const SALE_DIGEST_KIND = 'sale-digest';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A few minutes after midnight UTC, so the last orders of the day have committed. */
const RUN_AFTER_MIDNIGHT_MS = 5 * 60 * 1000;

/**
 * The digest of today's sales (UTC), due just after midnight. The day is the idempotency key, so
 * every server may call this at start and after each run and there is still one job per day.
 */
export function scheduleSaleDigest(db: Executor, now: Date) {
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const day = new Date(dayStart).toISOString().slice(0, 10);
  return enqueueJob(db, SALE_DIGEST_KIND, { day }, { idempotencyKey: day, runAt: new Date(dayStart + DAY_MS + RUN_AFTER_MIDNIGHT_MS) });
}

export function createSaleDigestJob(options: { db: Database; publicUrl: string }): JobHandler {
  const { db, publicUrl } = options;
  return {
    kind: SALE_DIGEST_KIND,
    async run(job, ctx) {
      const { day } = job.payload as { day: string };
      const { stores } = await sendSaleDigests(db, { day, publicUrl });
      ctx.log.info({ day, stores }, 'queued the daily sale digests');
      await scheduleSaleDigest(db, ctx.now());
    },
  };
}
