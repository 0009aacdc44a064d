import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, createPool } from '../db/client.ts';
import { EmailSendError } from '../providers/email/email-send-error.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { enqueueJob } from './enqueue-job.ts';
import { createJobRunner } from './job-runner.ts';
import { jobRow, resetQueue } from './jobs-fixtures.ts';
import type { JobHandler } from './types.ts';
import { manualClock } from '../testing/clock.ts';
import { silentLog } from '../testing/log-capture.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
beforeEach(() => resetQueue(database.db));

/** A handler that fails with the given errors in turn, then succeeds. */
function scripted(errors: Error[]) {
  const runs: string[] = [];
  const handler: JobHandler = {
    kind: 'scripted',
    async run(job) {
      runs.push(job.id);
      const error = errors.shift();
      if (error) throw error;
    },
  };
  return { handler, runs };
}

const temporary = () => new EmailSendError('SMTP send failed: 451 Try again later', { provider: 'smtp', retryable: true, status: 451 });
const permanent = () => new EmailSendError('SMTP send failed: 550 No such user here', { provider: 'smtp', retryable: false, status: 550 });

describe('job runner: retries', () => {
  it('retries a retryable failure after an exponential, jittered delay, then succeeds', async () => {
    const clock = manualClock();
    const { handler, runs } = scripted([temporary(), temporary()]);
    const runner = createJobRunner({ db: database.db, handlers: [handler], log: silentLog, now: clock.now, random: () => 0.5 });
    const { jobId } = await enqueueJob(database.db, 'scripted', {}, { runAt: clock.now() });

    expect(await runner.runDue()).toBe(1);
    const afterFirst = await jobRow(database.db, jobId);
    // Attempt 1: 5 s base → half fixed (2.5 s) + 0.5 × half (1.25 s).
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, lockedBy: null, lastError: 'EmailSendError: SMTP send failed: 451 Try again later' });
    expect(afterFirst.runAt.getTime() - clock.now().getTime()).toBe(3_750);

    clock.advance(3_749);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    // Attempt 2: 10 s → 5 s + 2.5 s.
    expect((await jobRow(database.db, jobId)).runAt.getTime() - clock.now().getTime()).toBe(7_500);

    clock.advance(7_500);
    expect(await runner.runDue()).toBe(1);
    expect(await jobRow(database.db, jobId)).toMatchObject({ status: 'done', attempts: 3, lastError: 'EmailSendError: SMTP send failed: 451 Try again later' });
    expect(runs).toHaveLength(3);
  });

  it("waits at least the provider's Retry-After when it asks for longer than the backoff", async () => {
    const clock = manualClock();
    const throttled = new EmailSendError('smtp2go send failed: HTTP 429', { provider: 'smtp2go', retryable: true, status: 429, retryAfterMs: 120_000 });
    const { handler } = scripted([throttled, temporary()]);
    const runner = createJobRunner({ db: database.db, handlers: [handler], log: silentLog, now: clock.now, random: () => 0.5 });
    const { jobId } = await enqueueJob(database.db, 'scripted', {}, { runAt: clock.now() });

    await runner.runDue();
    expect((await jobRow(database.db, jobId)).runAt.getTime() - clock.now().getTime()).toBe(120_000);
    clock.advance(120_000);
    await runner.runDue();
    // Without a Retry-After the backoff alone applies (attempt 2: 7.5 s).
    expect((await jobRow(database.db, jobId)).runAt.getTime() - clock.now().getTime()).toBe(7_500);
  });

  it('marks a non-retryable failure failed at once, and never runs it again', async () => {
    const clock = manualClock();
    const { handler, runs } = scripted([permanent()]);
    const runner = createJobRunner({ db: database.db, handlers: [handler], log: silentLog, now: clock.now });
    const { jobId } = await enqueueJob(database.db, 'scripted', {}, { runAt: clock.now() });

    expect(await runner.runDue()).toBe(1);
    const row = await jobRow(database.db, jobId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'EmailSendError: SMTP send failed: 550 No such user here' });
    expect(row.completedAt).toEqual(clock.now());

    clock.advance(24 * 60 * 60_000);
    expect(await runner.runDue()).toBe(0);
    expect(runs).toHaveLength(1);
  });

  it('gives up after max_attempts retryable failures (pending after attempt 2 of 3, failed after 3)', async () => {
    const clock = manualClock();
    const { handler } = scripted([temporary(), temporary(), temporary(), temporary()]);
    const runner = createJobRunner({ db: database.db, handlers: [handler], log: silentLog, now: clock.now, random: () => 0 });
    const { jobId } = await enqueueJob(database.db, 'scripted', {}, { runAt: clock.now(), maxAttempts: 3 });

    await runner.runDue();
    clock.advance(60 * 60_000);
    await runner.runDue();
    expect(await jobRow(database.db, jobId)).toMatchObject({ status: 'pending', attempts: 2 });
    clock.advance(60 * 60_000);
    await runner.runDue();
    expect(await jobRow(database.db, jobId)).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('fails a job of an unknown kind instead of retrying it forever', async () => {
    const runner = createJobRunner({ db: database.db, handlers: [], log: silentLog });
    const { jobId } = await enqueueJob(database.db, 'nobody-handles-this', {});
    await runner.runDue();
    expect(await jobRow(database.db, jobId)).toMatchObject({ status: 'failed', lastError: 'PermanentJobError: no handler for job kind "nobody-handles-this"' });
  });
});

describe('job runner: leases', () => {
  it('reclaims a job whose worker crashed mid-run once its lease expires, and runs it once', async () => {
    const clock = manualClock();
    const { handler, runs } = scripted([]);
    const crashed = createJobRunner({ db: database.db, handlers: [{ kind: 'scripted', run: () => new Promise(() => {}) }], log: silentLog, now: clock.now, leaseMs: 60_000 });
    const { jobId } = await enqueueJob(database.db, 'scripted', {}, { runAt: clock.now() });
    void crashed.runDue(); // never finishes: the "process" died holding the job
    await expect.poll(async () => (await jobRow(database.db, jobId)).status).toBe('running');

    const survivor = createJobRunner({ db: database.db, handlers: [handler], log: silentLog, now: clock.now, leaseMs: 60_000 });
    clock.advance(59_999);
    expect(await survivor.runDue()).toBe(0);
    clock.advance(1);
    expect(await survivor.runDue()).toBe(1);
    expect(await jobRow(database.db, jobId)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    expect(runs).toEqual([jobId]);
  });

  it('fails a job whose last allowed attempt crashed', async () => {
    const clock = manualClock();
    const { jobId } = await enqueueJob(database.db, 'scripted', {}, { runAt: clock.now(), maxAttempts: 1 });
    const crashed = createJobRunner({ db: database.db, handlers: [{ kind: 'scripted', run: () => new Promise(() => {}) }], log: silentLog, now: clock.now, leaseMs: 1_000 });
    void crashed.runDue();
    await expect.poll(async () => (await jobRow(database.db, jobId)).status).toBe('running');

    const { handler, runs } = scripted([]);
    clock.advance(1_000);
    await createJobRunner({ db: database.db, handlers: [handler], log: silentLog, now: clock.now }).runDue();
    expect(await jobRow(database.db, jobId)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'PermanentJobError: lease expired on the last attempt' });
    expect(runs).toEqual([]);
  });
});

describe('job runner: several servers on one queue', () => {
  it('two runners on separate connections run each of many jobs exactly once', async () => {
    const second = createPool({ connectionString: database.connectionString, log: silentLog, max: 5 });
    try {
      const ranBy = new Map<string, string[]>();
      const recorder = (name: string): JobHandler => ({
        kind: 'count',
        async run(job) {
          ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), name]);
          await new Promise((resolve) => setImmediate(resolve));
        },
      });
      for (let i = 0; i < 80; i++) await enqueueJob(database.db, 'count', { i });

      const a = createJobRunner({ db: database.db, handlers: [recorder('a')], log: silentLog, concurrency: 3 });
      const b = createJobRunner({ db: createDb(second), handlers: [recorder('b')], log: silentLog, concurrency: 3 });
      const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);

      expect(ranA + ranB).toBe(80);
      expect(ranBy.size).toBe(80);
      expect([...ranBy.values()].every((names) => names.length === 1)).toBe(true);
      const statuses = await database.db.query.jobs.findMany({ columns: { status: true, attempts: true } });
      expect(statuses.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
    } finally {
      await second.end();
    }
  });
});
