import { count, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, createPool } from '../db/client.ts';
import { emailOutbox } from '../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { enqueueEmail } from './enqueue-email.ts';
import { enqueueJob } from './enqueue-job.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';
import { createSendEmailJob } from './send-email-job.ts';
import { OUTBOX_FROM, jobRow, outboxRows, resetQueue, testMessage } from './jobs-fixtures.ts';
import type { JobHandler } from './types.ts';
import { manualClock } from '../testing/clock.ts';
import { silentLog } from '../testing/log-capture.ts';

let database: TestDatabase;
const runners: JobRunner[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
beforeEach(() => resetQueue(database.db));
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop({ timeoutMs: 100 })));
});

function track(runner: JobRunner): JobRunner {
  runners.push(runner);
  return runner;
}

/** A handler that waits at a gate the test opens; `entered` resolves when a job reaches it. */
function gated(kind = 'gated') {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let entered!: (jobId: string) => void;
  const reached = new Promise<string>((resolve) => (entered = resolve));
  const handler: JobHandler = {
    kind,
    async run(job) {
      entered(job.id);
      await gate;
    },
  };
  return { handler, open, reached };
}

/** True once the runner's LISTEN connection is up (pg_stat_activity shows its last query). */
async function listening(): Promise<boolean> {
  const result = await database.db.execute(
    sql`select 1 from pg_stat_activity where datname = current_database() and application_name = 'shopfront-jobs-listen' and query like 'LISTEN%'`,
  );
  return result.rows.length > 0;
}

const outboxSend = () => createSendEmailJob({ db: database.db, config: { provider: 'outbox', from: OUTBOX_FROM } });

describe('job runner in the background', () => {
  it('start() polls: an enqueued email is delivered without anyone calling runDue', async () => {
    const runner = track(createJobRunner({ db: database.db, handlers: [outboxSend()], log: silentLog, pollIntervalMs: 20 }));
    runner.start();
    await enqueueEmail(database.db, testMessage());
    await expect.poll(async () => (await outboxRows(database.db)).length, { timeout: 5_000 }).toBe(1);
  });

  it('LISTEN/NOTIFY: an enqueue on another server wakes a runner whose next poll is a minute away', async () => {
    const runner = track(
      createJobRunner({
        db: database.db,
        handlers: [outboxSend()],
        log: silentLog,
        pollIntervalMs: 60_000,
        listenConnectionString: database.connectionString,
      }),
    );
    runner.start();
    await expect.poll(listening, { timeout: 5_000 }).toBe(true);
    const otherServer = createPool({ connectionString: database.connectionString, log: silentLog, max: 1 });
    try {
      await enqueueEmail(createDb(otherServer), testMessage({ to: 'notified@example.com' }));
    } finally {
      await otherServer.end();
    }
    await expect.poll(async () => (await outboxRows(database.db)).map((row) => row.to), { timeout: 5_000 }).toEqual(['notified@example.com']);
  });

  it('stop() stops claiming and waits for the running job before resolving', async () => {
    const { handler, open, reached } = gated();
    const runner = track(createJobRunner({ db: database.db, handlers: [handler], log: silentLog, pollIntervalMs: 20 }));
    const { jobId } = await enqueueJob(database.db, 'gated', {});
    runner.start();
    expect(await reached).toBe(jobId);

    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    const later = await enqueueJob(database.db, 'gated', {});
    runner.wake();
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    expect((await jobRow(database.db, jobId)).status).toBe('running');

    open();
    await stopping;
    expect((await jobRow(database.db, jobId)).status).toBe('done');
    expect((await jobRow(database.db, later.jobId)).status).toBe('pending');
    expect(await runner.runDue()).toBe(0);
  });

  it('stop() gives up waiting after its timeout; the job keeps its lease for another worker', async () => {
    const { handler, reached } = gated();
    const runner = createJobRunner({ db: database.db, handlers: [handler], log: silentLog, pollIntervalMs: 20 });
    const { jobId } = await enqueueJob(database.db, 'gated', {});
    runner.start();
    await reached;
    await runner.stop({ timeoutMs: 50 });
    expect((await jobRow(database.db, jobId)).status).toBe('running');
  });
});

describe('outbox delivery when a slow worker loses its lease', () => {
  it('stores the message once: the late worker’s insert rolls back with its "done"', async () => {
    const clock = manualClock();
    const send = outboxSend();
    const slow = gated('send-email');
    const slowSend: JobHandler = { ...send, run: async (job, ctx) => (await slow.handler.run(job, ctx), send.run(job, ctx)) };
    const slowRunner = createJobRunner({ db: database.db, handlers: [slowSend], log: silentLog, now: clock.now, leaseMs: 60_000 });
    const { jobId } = await enqueueEmail(database.db, testMessage(), { runAt: clock.now() });
    const slowRun = slowRunner.runDue();
    await slow.reached;

    clock.advance(60_000);
    const other = createJobRunner({ db: database.db, handlers: [send], log: silentLog, now: clock.now, workerId: 'other' });
    expect(await other.runDue()).toBe(1);
    slow.open();
    await slowRun;

    expect((await database.db.select({ n: count() }).from(emailOutbox))[0]?.n).toBe(1);
    expect(await jobRow(database.db, jobId)).toMatchObject({ status: 'done', attempts: 2 });
  });
});
