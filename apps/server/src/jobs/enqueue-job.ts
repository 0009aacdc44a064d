import { eq, sql, type SQL } from 'drizzle-orm';
import { newId } from '../db/ids.ts';
import { jobs, storeTestClocks, stores } from '../db/schema/index.ts';
import type { Executor } from '../db/executor.ts';

/** The NOTIFY channel every runner LISTENs on, so an enqueue on one server wakes the others. */
export const JOBS_CHANNEL = 'shopfront_jobs';

export interface EnqueueOptions {
  /**
   * The same key (per kind) twice gives one job: the second call returns the first job's id. A
   * finished job's row, and so its key, is kept FINISHED_JOB_RETENTION (purge-finished-jobs.ts);
   * after the purge the key enqueues a new job.
   */
  idempotencyKey?: string | undefined;
  /**
   * Not before this time; default: now on the database's clock, cut to the millisecond. Runners
   * claim with a JavaScript Date (milliseconds); a job due at now() with its microseconds could
   * fall just after a claim made in the same millisecond and wait a whole poll.
   */
  runAt?: Date | undefined;
  maxAttempts?: number | undefined;
  /**
   * A test-mode job on a store's test clock (decision 035): `runAt` is then a time on that clock,
   * stored as the real time it falls on (clockRunAt), and moving the clock forward later brings
   * the job forward with it.
   */
  testClock?: { storeId: string } | undefined;
  /**
   * false: no NOTIFY; a runner finds the job at its next poll. For jobs that may wait that long
   * and come in bursts (analytics events): a notifying transaction holds a database-wide lock
   * through its commit, which serializes every other committing notifier behind it.
   */
  notify?: boolean | undefined;
}

/**
 * Inserts a pending job. With a transaction as `db` the job, and its NOTIFY (PostgreSQL delivers
 * it at commit), exist only if that transaction commits.
 */
export async function enqueueJob(
  db: Executor,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<{ jobId: string }> {
  const idempotencyKey = options.idempotencyKey === undefined ? null : `${kind}:${options.idempotencyKey}`;
  const insert = () =>
    db
      .insert(jobs)
      .values({
        id: newId('job'),
        kind,
        payload,
        idempotencyKey,
        runAt: options.runAt ? (options.testClock ? clockRunAt(options.testClock.storeId, options.runAt) : options.runAt) : sql`date_trunc('milliseconds', now())`,
        ...(options.testClock ? { clockStoreId: options.testClock.storeId } : {}),
        ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      })
      .onConflictDoNothing({ target: jobs.idempotencyKey })
      .returning({ id: jobs.id });
  if (options.testClock) await ensureTestClockRow(db, options.testClock.storeId);
  let inserted = await insert();
  let jobId = inserted[0]?.id ?? (await existingJobId(db, idempotencyKey));
  if (jobId === null) {
    // The job of this key finished long ago and the purge of finished jobs (purge-finished-jobs.ts)
    // deleted it between our insert and our read: the key is free again.
    inserted = await insert();
    jobId = inserted[0]?.id ?? (await existingJobId(db, idempotencyKey));
    if (jobId === null) throw new Error(`job with idempotency key ${idempotencyKey} vanished`);
  }
  if (inserted.length > 0 && options.notify !== false) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`);
  return { jobId };
}

/** The job holding `idempotencyKey`; null when it is gone (purged after its retention). */
async function existingJobId(db: Executor, idempotencyKey: string | null): Promise<string | null> {
  if (idempotencyKey === null) throw new Error('job insert returned no row');
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.idempotencyKey, idempotencyKey));
  return row?.id ?? null;
}

/**
 * A time on the store's test clock as the real time it falls on, computed in the insert from the
 * clock's offset read under a share lock. Moving the clock (advanceTestClock) locks that row for
 * update and shifts every pending job of the clock: it either waits for this job's transaction and
 * shifts the job with the rest, or commits first and its new offset is the one read here. An
 * offset read earlier by the caller could be one move behind, and the job would miss that move.
 */
function clockRunAt(storeId: string, at: Date): SQL {
  const offset = sql`(select ${storeTestClocks.offsetSeconds} from ${storeTestClocks} where ${storeTestClocks.storeId} = ${storeId} for share)`;
  return sql`${at.toISOString()}::timestamptz - make_interval(secs => coalesce(${offset}, 0)::double precision)`;
}

/**
 * The clock's row must exist for a share lock on it to hold off a first move of the clock (a store
 * that does not exist has no clock to move).
 */
async function ensureTestClockRow(db: Executor, storeId: string): Promise<void> {
  await db.execute(sql`insert into ${storeTestClocks} (store_id, offset_seconds, updated_at)
    select id, 0, now() from ${stores} where id = ${storeId} on conflict do nothing`);
}

/**
 * The store's test-clock offset in milliseconds, share-locked until `tx` ends: for a transaction
 * that computes clock jobs' times itself and inserts them without enqueueJob (a batch). A move of
 * the clock waits for it and then shifts those jobs too, as clockRunAt explains.
 */
export async function lockTestClockOffsetMs(tx: Executor, storeId: string): Promise<number> {
  await ensureTestClockRow(tx, storeId);
  const [row] = await tx.select({ offsetSeconds: storeTestClocks.offsetSeconds }).from(storeTestClocks).where(eq(storeTestClocks.storeId, storeId)).for('share');
  return (row?.offsetSeconds ?? 0) * 1000;
}
