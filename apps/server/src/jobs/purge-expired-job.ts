import type { Database } from '../db/client.ts';
import type { Executor } from '../db/executor.ts';
import { purgeExpiredIdentityRows } from '../identity/purge-expired.ts';
import { enqueueJob } from './enqueue-job.ts';
import { purgeFinishedJobs } from './purge-finished-jobs.ts';
import type { JobHandler } from './types.ts';

export const PURGE_EXPIRED_KIND = 'purge-expired-identity';
const HOUR_MS = 60 * 60 * 1000;

/**
 * Schedules the hourly purge of expired sessions, tokens, codes and rate-limit windows, and of
 * finished jobs past their retention (purge-finished-jobs.ts). The
 * idempotency key is the hour, so every server may call this at start and after each run and
 * there is still one job per hour.
 */
export async function schedulePurgeExpired(db: Executor, now: Date) {
  const nextHour = Math.floor(now.getTime() / HOUR_MS) + 1;
  return enqueueJob(db, PURGE_EXPIRED_KIND, {}, { idempotencyKey: String(nextHour), runAt: new Date(nextHour * HOUR_MS) });
}

/**
 * The purge job. After each run it schedules the next hour through `scheduleNext`: the server
 * passes the schedule of all its hourly jobs (app-jobs.ts), so jobs/ never imports the domain.
 */
export function createPurgeExpiredJob(
  db: Database,
  options: { scheduleNext?: (db: Executor, now: Date) => Promise<unknown> } = {},
): JobHandler {
  const scheduleNext = options.scheduleNext ?? schedulePurgeExpired;
  return {
    kind: PURGE_EXPIRED_KIND,
    async run(_job, ctx) {
      const removed = await purgeExpiredIdentityRows(db, ctx.now());
      ctx.log.info({ removed }, 'purged expired identity rows');
      const jobsRemoved = await purgeFinishedJobs(db, ctx.now());
      ctx.log.info({ jobs: jobsRemoved }, 'purged finished jobs');
      await scheduleNext(db, ctx.now());
    },
  };
}
