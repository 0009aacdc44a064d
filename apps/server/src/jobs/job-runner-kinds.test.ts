import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { manualClock } from '../testing/clock.ts';
import { silentLog } from '../testing/log-capture.ts';
import { enqueueJob } from './enqueue-job.ts';
import { createJobRunner } from './job-runner.ts';
import { jobRow, resetQueue } from './jobs-fixtures.ts';
import type { JobHandler } from './types.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
beforeEach(() => resetQueue(database.db));

const noop = (kind: string, leaseMs?: number): JobHandler => ({ kind, ...(leaseMs === undefined ? {} : { leaseMs }), run: async () => {} });

describe('job runner: kinds and per-kind leases', () => {
  it('claims only its own kinds with `only`, and every other kind with `except`', async () => {
    const { jobId: campaignJob } = await enqueueJob(database.db, 'campaign', {});
    const { jobId: mailJob } = await enqueueJob(database.db, 'mail', {});
    const campaigns = createJobRunner({ db: database.db, handlers: [noop('campaign')], log: silentLog, kinds: { only: ['campaign'] } });
    expect(await campaigns.runDue()).toBe(1);
    expect((await jobRow(database.db, mailJob)).status).toBe('pending');
    const rest = createJobRunner({ db: database.db, handlers: [noop('mail'), noop('campaign')], log: silentLog, kinds: { except: ['campaign'] } });
    expect(await rest.runDue()).toBe(1);
    expect((await jobRow(database.db, campaignJob)).status).toBe('done');
    expect((await jobRow(database.db, mailJob)).status).toBe('done');
  });

  it('leases a kind with its own lease for exactly that long, others for the runner lease', async () => {
    const clock = manualClock();
    let seen: Date | null = null;
    const short: JobHandler = { kind: 'short', leaseMs: 4_000, run: async (job) => void (seen = job.lockedUntil) };
    let seenLong: Date | null = null;
    const long: JobHandler = { kind: 'long', run: async (job) => void (seenLong = job.lockedUntil) };
    await enqueueJob(database.db, 'short', {}, { runAt: clock.now() });
    await enqueueJob(database.db, 'long', {}, { runAt: clock.now() });
    const runner = createJobRunner({ db: database.db, handlers: [short, long], log: silentLog, now: clock.now, leaseMs: 60_000 });
    expect(await runner.runDue()).toBe(2);
    expect(seen).toEqual(new Date(clock.now().getTime() + 4_000));
    expect(seenLong).toEqual(new Date(clock.now().getTime() + 60_000));
  });
});
