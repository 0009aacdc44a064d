// Exports the sweep-uploads job (SWEEP_UPLOADS_KIND, scheduleSweepUploads, createSweepUploadsJob): one module
// because the job reschedules itself, laid out like jobs/purge-expired-job.ts.
import type { DataStore } from '@tus/utils';
import type { Database } from '#src/db/client.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import type { JobHandler } from '#src/jobs/types.ts';
import type { Executor } from '#src/db/executor.ts';
import { sweepUploads } from './sweep-uploads.ts';

export const SWEEP_UPLOADS_KIND = 'sweep-uploads';
const HOUR_MS = 60 * 60 * 1000;
const LOGGED_KEYS = 100;

/** One sweep an hour (the hour is the idempotency key), beside the hourly purge of identity rows. */
export function scheduleSweepUploads(db: Executor, now: Date) {
  const nextHour = Math.floor(now.getTime() / HOUR_MS) + 1;
  return enqueueJob(db, SWEEP_UPLOADS_KIND, {}, { idempotencyKey: String(nextHour), runAt: new Date(nextHour * HOUR_MS) });
}

/** `resumable`: where unfinished resumable uploads live; those past their expiry are removed too (decision 048). */
export function createSweepUploadsJob(options: { db: Database; files: FileStorage; resumable?: Pick<DataStore, 'deleteExpired'> }): JobHandler {
  const { db, files, resumable } = options;
  return {
    kind: SWEEP_UPLOADS_KIND,
    async run(_job, ctx) {
      const { stores, deleted } = await sweepUploads({ db, files, now: ctx.now() });
      ctx.log.info({ stores, deleted: deleted.length, keys: deleted.slice(0, LOGGED_KEYS) }, 'swept unreferenced uploaded images');
      if (resumable) ctx.log.info({ removed: await resumable.deleteExpired() }, 'swept expired unfinished uploads');
      await scheduleSweepUploads(db, ctx.now());
    },
  };
}
