import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import type { JobStatus } from '../db/schema/jobs.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { testEnv } from '../testing/test-env.ts';
import { enqueueJob } from './enqueue-job.ts';
import { resetQueue } from './jobs-fixtures.ts';
import { createPurgeExpiredJob } from './purge-expired-job.ts';
import { finishedJobsQuery, FINISHED_JOB_RETENTION, purgeFinishedJobs } from './purge-finished-jobs.ts';
import type { ClaimedJob, JobRunContext } from './types.ts';

const now = new Date('2026-06-10T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1_000;
const YEAR = 365 * 24 * 60 * 60_000;

describe('purge of finished jobs', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.drop());
  beforeEach(() => resetQueue(t.db));

  const job = (id: string, status: JobStatus, completedAt: Date | null, extra: Partial<typeof jobs.$inferInsert> = {}) =>
    t.db.insert(jobs).values({ id, kind: 'test', payload: {}, status, completedAt, runAt: ago(YEAR), createdAt: ago(YEAR), ...extra });
  const left = async () => (await t.db.select({ id: jobs.id }).from(jobs)).map((row) => row.id).sort();

  it('deletes done jobs just past their retention and failed ones past theirs, and keeps the rest', async () => {
    await job('done-kept', 'done', ago(FINISHED_JOB_RETENTION.doneMs - SECOND));
    await job('done-purged', 'done', ago(FINISHED_JOB_RETENTION.doneMs + SECOND));
    await job('failed-kept', 'failed', ago(FINISHED_JOB_RETENTION.failedMs - SECOND));
    await job('failed-purged', 'failed', ago(FINISHED_JOB_RETENTION.failedMs + SECOND));
    // Queued a year ago and still waiting (a renewal months ahead), or held by a worker: never purged.
    await job('pending-old', 'pending', null);
    await job('running-old', 'running', null, { lockedBy: 'worker', lockedUntil: ago(YEAR) });
    // A retried job keeps no completed_at; one that somehow kept it is still not finished.
    await job('pending-with-completed-at', 'pending', ago(YEAR));

    const purged = await purgeFinishedJobs(t.db, now);

    expect(purged).toEqual({ done: 1, failed: 1, more: false });
    expect(await left()).toEqual(['done-kept', 'failed-kept', 'pending-old', 'pending-with-completed-at', 'running-old']);
  });

  it('deletes in bounded batches and says when rows are left for the next run', async () => {
    for (let i = 0; i < 5; i += 1) await job(`old-${i}`, 'done', ago(FINISHED_JOB_RETENTION.doneMs + i * SECOND + SECOND));

    expect(await purgeFinishedJobs(t.db, now, { batch: 2, maxBatches: 2 })).toEqual({ done: 4, failed: 0, more: true });
    expect(await left()).toHaveLength(1);
    expect(await purgeFinishedJobs(t.db, now, { batch: 2, maxBatches: 2 })).toEqual({ done: 1, failed: 0, more: false });
    expect(await left()).toEqual([]);
  });

  it('keeps a job key deduplicating until its job is purged; after that the key enqueues a new job', async () => {
    const first = await enqueueJob(t.db, 'test', { n: 1 }, { idempotencyKey: 'receipt:ord_1' });
    await t.db.update(jobs).set({ status: 'done', completedAt: ago(FINISHED_JOB_RETENTION.doneMs - SECOND) }).where(eq(jobs.id, first.jobId));

    expect(await enqueueJob(t.db, 'test', { n: 2 }, { idempotencyKey: 'receipt:ord_1' })).toEqual(first);
    await purgeFinishedJobs(t.db, now);
    expect(await enqueueJob(t.db, 'test', { n: 3 }, { idempotencyKey: 'receipt:ord_1' })).toEqual(first);

    await t.db.update(jobs).set({ completedAt: ago(FINISHED_JOB_RETENTION.doneMs + SECOND) }).where(eq(jobs.id, first.jobId));
    await purgeFinishedJobs(t.db, now);
    const again = await enqueueJob(t.db, 'test', { n: 4 }, { idempotencyKey: 'receipt:ord_1' });

    expect(again.jobId).not.toBe(first.jobId);
    const rows = await t.db.select({ status: jobs.status, payload: jobs.payload }).from(jobs).where(eq(jobs.idempotencyKey, 'test:receipt:ord_1'));
    expect(rows).toEqual([{ status: 'pending', payload: { n: 4 } }]);
  });

  it('runs with the hourly purge job', async () => {
    await job('done-purged', 'done', ago(FINISHED_JOB_RETENTION.doneMs + SECOND));
    await job('done-kept', 'done', ago(SECOND));
    const ctx: JobRunContext = { log: createLogger(testEnv()), now: () => now, complete: async () => {} };

    await createPurgeExpiredJob(t.db, { scheduleNext: async () => {} }).run({} as ClaimedJob, ctx);

    expect(await left()).toEqual(['done-kept']);
  });

  it('reads only the finished rows past their retention, not the queue or recent work', async () => {
    await t.db.execute(sql`
      insert into jobs (id, kind, payload, status, run_at, completed_at)
      select 'job_recent' || n, 'test', '{}'::jsonb, 'done', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz - interval '1 hour'
      from generate_series(1, 300) n`);
    await t.db.execute(sql`insert into jobs (id, kind, payload, status) select 'job_queued' || n, 'test', '{}'::jsonb, 'pending' from generate_series(1, 300) n`);
    await job('done-old', 'done', ago(FINISHED_JOB_RETENTION.doneMs + SECOND));
    await t.db.execute(sql`analyze jobs`);
    const query = finishedJobsQuery({ status: 'done', before: ago(FINISHED_JOB_RETENTION.doneMs), limit: 5_000 });

    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain (analyze, format json) ${query}`);
      return JSON.stringify((result.rows[0] as Record<string, unknown>)['QUERY PLAN']);
    });

    expect(plan).toContain('jobs_finished_idx');
    expect([...plan.matchAll(/"Rows Removed by Filter":\s*(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0)).toBe(0);
    expect(plan).toMatch(/"Actual Rows":\s*1\b/);
  });
});
