import type { Database } from '../db/client.ts';
import { scheduleSweepUploads } from '../domain/uploads/sweep-uploads-job.ts';
import { purgeExpiredIdentityRows } from '../identity/purge-expired.ts';
import { enqueueJob } from './enqueue-job.ts';
import type { JobHandler } from './types.ts';
import type { Executor } from '../db/executor.ts';

export const PURGE_EXPIRED_KIND = 'purge-expired-identity';
const HOUR_MS = 60 * 60 * 1000;

/**
 * Schedules the hourly purge of expired sessions, tokens, codes and rate-limit windows. The
 * idempotency key is the hour, so every server may call this at start and after each run and
 * there is still one job per hour. The hourly upload sweep (decision 012) is scheduled with it.
 */
export async function schedulePurgeExpired(db: Executor, now: Date) {
  await scheduleSweepUploads(db, now);
  const nextHour = Math.floor(now.getTime() / HOUR_MS) + 1;
  return enqueueJob(db, PURGE_EXPIRED_KIND, {}, { idempotencyKey: String(nextHour), runAt: new Date(nextHour * HOUR_MS) });
}

export function createPurgeExpiredJob(db: Database): JobHandler {
  return {
    kind: PURGE_EXPIRED_KIND,
    async run(_job, ctx) {
      const removed = await purgeExpiredIdentityRows(db, ctx.now());
      ctx.log.info({ removed }, 'purged expired identity rows');
      await schedulePurgeExpired(db, ctx.now());
    },
  };
}
