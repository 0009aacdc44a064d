import { createHash } from 'node:crypto';
import { and, eq, fillPlaceholders, sql, type Placeholder } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { poolOf, type Database } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import type { ClaimedJob } from './types.ts';
import type { Executor } from '../db/executor.ts';

/** Which kinds a runner claims: only these, or every kind but these (a runner of its own for some kinds). */
export interface ClaimKinds {
  only?: readonly string[];
  except?: readonly string[];
}

/** One claim: who takes the jobs, the clock, the default lease and how many at most. */
export interface ClaimCall {
  workerId: string;
  now: Date;
  leaseMs: number;
  limit: number;
}

export type JobClaimer = (db: Database, call: ClaimCall) => Promise<ClaimedJob[]>;

/**
 * Takes up to `limit` due jobs: pending ones whose time has come, and running ones whose lease
 * ran out (their worker crashed). SKIP LOCKED lets several servers claim from one queue without
 * waiting on or double-taking each other's rows; MATERIALIZED keeps the locked set to one scan.
 * A running job was claimed once its time had come, so `run_at <= now` holds for both: said on its
 * own, it bounds the scan of `jobs_due_idx` at now. Without it the OR made every claim read every
 * pending job, those due months ahead too (each member's next renewal), on every runner's poll.
 *
 * Every runner claims several times a second, most often finding nothing, so the statement of
 * one set of kinds and leases is built once, its values left as placeholders, and runs as a named
 * statement: no SQL is built per poll, and PostgreSQL parses and plans it once per connection.
 */
export function jobClaimer(options: { kinds?: ClaimKinds | undefined; leaseMsByKind?: Record<string, number> | undefined } = {}): JobClaimer {
  const byKind = Object.entries(options.leaseMsByKind ?? {});
  // A kind with its own lease (JobHandler.leaseMs) ends it that long after now.
  const lease = byKind.length === 0
    ? sql`${sql.placeholder('lockedUntil')}`
    : sql`case ${sql.join(
        byKind.map(([kind], i) => sql`when ${jobs.kind} = ${kind} then ${sql.placeholder(`lease${i}`)}::timestamptz`),
        sql` `,
      )} else ${sql.placeholder('lockedUntil')}::timestamptz end`;
  const now = sql.placeholder('now');
  const query = new PgDialect().sqlToQuery(sql`
    with due as materialized (
      ${dueJobsQuery({ now, limit: sql.placeholder('limit'), kinds: options.kinds })}
      for update skip locked
    )
    update ${jobs} set
      status = 'running',
      attempts = ${jobs.attempts} + 1,
      locked_by = ${sql.placeholder('workerId')},
      locked_until = ${lease},
      updated_at = ${now}
    from due
    where ${jobs.id} = due.id
    returning ${jobs}.*`);
  // One name per statement text: a connection refuses a name prepared with another text.
  const name = `claim_jobs_${createHash('sha256').update(query.sql).digest('hex').slice(0, 16)}`;
  return async (db, call) => {
    const at = call.now.getTime();
    const values: Record<string, unknown> = {
      now: call.now,
      limit: call.limit,
      workerId: call.workerId,
      lockedUntil: new Date(at + call.leaseMs),
    };
    byKind.forEach(([, ms], i) => (values[`lease${i}`] = new Date(at + ms)));
    const result = await poolOf(db).query({ name, text: query.sql, values: fillPlaceholders(query.params, values) });
    return result.rows.map((row) => toClaimedJob(row as Record<string, unknown>));
  };
}

/** A claim of its own (tests, one-off callers); a runner keeps its `jobClaimer`. */
export function claimDueJobs(
  db: Database,
  options: ClaimCall & { leaseMsByKind?: Record<string, number>; kinds?: ClaimKinds },
): Promise<ClaimedJob[]> {
  return jobClaimer(options)(db, options);
}

/** The ids a claim takes, oldest first (jobs-due-scan.test.ts reads its plan). */
export function dueJobsQuery(options: { now: Date | Placeholder; limit: number | Placeholder; kinds?: ClaimKinds | undefined }) {
  const { now, limit } = options;
  return sql`
      select id from ${jobs}
      where run_at <= ${now}
        and ((status = 'pending' and run_at <= ${now})
         or (status = 'running' and locked_until <= ${now}))${kindFilter(options.kinds)}
      order by run_at, id
      limit ${limit}`;
}

/** Marks a job this worker holds done; false when the lease went to another worker meanwhile. */
export async function markJobDone(
  db: Executor,
  job: ClaimedJob,
  options: { now: Date; payload?: unknown },
): Promise<boolean> {
  const updated = await db
    .update(jobs)
    .set({
      status: 'done',
      completedAt: options.now,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: options.now,
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return updated.length === 1;
}

/** Records a failed run: back to `pending` at `retryAt`, or `failed` for good when it is null. */
export async function markJobFailed(
  db: Executor,
  job: ClaimedJob,
  options: { now: Date; error: string; retryAt: Date | null; payload?: unknown },
): Promise<boolean> {
  const retry = options.retryAt !== null;
  const updated = await db
    .update(jobs)
    .set({
      status: retry ? 'pending' : 'failed',
      runAt: options.retryAt ?? job.runAt,
      lastError: options.error,
      lockedBy: null,
      lockedUntil: null,
      completedAt: retry ? null : options.now,
      updatedAt: options.now,
      ...(retry || options.payload === undefined ? {} : { payload: options.payload }),
    })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return updated.length === 1;
}

function kindFilter(kinds: ClaimKinds | undefined) {
  const only = kinds?.only ?? [];
  const except = kinds?.except ?? [];
  const list = (names: readonly string[]) => sql.join(names.map((name) => sql`${name}`), sql`, `);
  return sql`${only.length > 0 ? sql` and kind in (${list(only)})` : sql``}${except.length > 0 ? sql` and kind not in (${list(except)})` : sql``}`;
}

function heldBy(job: ClaimedJob) {
  return and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy), eq(jobs.status, 'running'));
}

function toClaimedJob(row: Record<string, unknown>): ClaimedJob {
  return {
    id: row.id as string,
    kind: row.kind as string,
    payload: row.payload,
    status: 'running',
    runAt: asDate(row.run_at),
    attempts: row.attempts as number,
    maxAttempts: row.max_attempts as number,
    lastError: (row.last_error as string | null) ?? null,
    lockedBy: row.locked_by as string,
    lockedUntil: asDate(row.locked_until),
    idempotencyKey: (row.idempotency_key as string | null) ?? null,
    clockStoreId: (row.clock_store_id as string | null) ?? null,
    completedAt: row.completed_at ? asDate(row.completed_at) : null,
    createdAt: asDate(row.created_at),
    updatedAt: asDate(row.updated_at),
  };
}

function asDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}
