import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { jobs } from '../db/schema/index.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * How long a finished job row is kept after `completed_at`. A job key (enqueueJob's
 * `idempotencyKey`) makes a second enqueue a no-op only while the first job's row exists, so a
 * key dedupes for at least this long after its job finished; every caller that may enqueue the
 * same work again later (a webhook retried for days, a schedule called every hour) repeats well
 * within it, or is guarded by rows of its own (an order's status, a run's step). Failed jobs are
 * kept longer: they are what an operator reads when something went wrong.
 */
export const FINISHED_JOB_RETENTION = { doneMs: 7 * DAY_MS, failedMs: 30 * DAY_MS } as const;
/** Rows one delete removes: each is its own short statement, so no lock is held for long. */
export const PURGE_JOBS_BATCH = 5_000;
/** Deletes one run makes at most (500,000 rows an hour); a longer backlog goes on at the next run. */
const MAX_BATCHES = 100;

export interface PurgedJobs {
  done: number;
  failed: number;
  /** True when the run stopped at its bound with old rows left. */
  more: boolean;
}

/**
 * Deletes `done` jobs finished more than `FINISHED_JOB_RETENTION.doneMs` before `now` and `failed`
 * ones past `failedMs`, PURGE_JOBS_BATCH rows a statement through `jobs_finished_idx`. Pending and
 * running jobs are never touched, however old. SKIP LOCKED leaves a row another transaction is
 * deleting (a campaign rescheduled for the same minute) to that transaction.
 */
export async function purgeFinishedJobs(
  db: Executor,
  now: Date,
  options: { batch?: number; maxBatches?: number } = {},
): Promise<PurgedJobs> {
  const batch = options.batch ?? PURGE_JOBS_BATCH;
  let budget = options.maxBatches ?? MAX_BATCHES;
  const purge = async (status: 'done' | 'failed', keepMs: number): Promise<{ rows: number; more: boolean }> => {
    const before = new Date(now.getTime() - keepMs);
    let rows = 0;
    while (budget > 0) {
      budget -= 1;
      const result = await db.execute(sql`delete from ${jobs} where id in (${finishedJobsQuery({ status, before, limit: batch })} for update skip locked)`);
      const deleted = result.rowCount ?? 0;
      rows += deleted;
      if (deleted < batch) return { rows, more: false };
    }
    return { rows, more: true };
  };
  const done = await purge('done', FINISHED_JOB_RETENTION.doneMs);
  const failed = await purge('failed', FINISHED_JOB_RETENTION.failedMs);
  return { done: done.rows, failed: failed.rows, more: done.more || failed.more };
}

/** The ids one purge statement deletes (purge-finished-jobs.test.ts reads its plan): through `jobs_finished_idx`. */
export function finishedJobsQuery(options: { status: 'done' | 'failed'; before: Date; limit: number }) {
  // The literal `in` is the index's predicate: it holds even in a generic plan, where the status is a parameter.
  return sql`select id from ${jobs} where status in ('done', 'failed') and status = ${options.status} and completed_at < ${options.before} limit ${options.limit}`;
}
