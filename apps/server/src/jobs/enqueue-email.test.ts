import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createAppJobRunner } from '../app-jobs.ts';
import { enqueueEmail } from './enqueue-email.ts';
import { OUTBOX_FROM, jobRow, outboxRows, resetQueue, testMessage } from './jobs-fixtures.ts';
import { silentLog } from '../testing/log-capture.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
beforeEach(() => resetQueue(database.db));

const runner = () =>
  createAppJobRunner({ env: { email: { provider: 'outbox', from: OUTBOX_FROM } }, db: database.db, log: silentLog });

describe('enqueueEmail with the outbox provider', () => {
  it('delivers an enqueued email to the outbox exactly once', async () => {
    const { db } = database;
    const { jobId } = await enqueueEmail(db, testMessage());
    expect((await jobRow(db, jobId)).status).toBe('pending');

    const jobsRunner = runner();
    expect(await jobsRunner.runDue()).toBe(1);
    expect(await jobsRunner.runDue()).toBe(0);

    const rows = await outboxRows(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      to: 'ada@example.com',
      from: OUTBOX_FROM,
      subject: '482915 is your Shopfront verification code',
      text: 'Your code is 482915.',
      html: '<p>Your code is <b>482915</b>.</p>',
      tags: ['signup-code'],
    });
    const job = await jobRow(db, jobId);
    expect(job).toMatchObject({ status: 'done', attempts: 1, lockedBy: null, lockedUntil: null, lastError: null });
    expect(job.completedAt).toBeInstanceOf(Date);
  });

  it('keeps no code in the jobs table once the email is delivered', async () => {
    const { jobId } = await enqueueEmail(database.db, testMessage());
    expect(JSON.stringify((await jobRow(database.db, jobId)).payload)).toContain('482915');
    await runner().runDue();
    const payload = (await jobRow(database.db, jobId)).payload;
    expect(payload).toEqual({ redacted: true, to: 'ada@example.com', tags: ['signup-code'] });
  });

  it('gives one job for the same idempotency key, and separate jobs for different keys', async () => {
    const { db } = database;
    const first = await enqueueEmail(db, testMessage(), { idempotencyKey: 'welcome:usr_1' });
    const second = await enqueueEmail(db, testMessage({ subject: 'again' }), { idempotencyKey: 'welcome:usr_1' });
    const other = await enqueueEmail(db, testMessage(), { idempotencyKey: 'welcome:usr_2' });
    expect(second.jobId).toBe(first.jobId);
    expect(other.jobId).not.toBe(first.jobId);

    await runner().runDue();
    expect((await outboxRows(db)).map((row) => row.subject)).toEqual([
      '482915 is your Shopfront verification code',
      '482915 is your Shopfront verification code',
    ]);
  });

  it('commits the email with its transaction, and drops it when the transaction rolls back', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await enqueueEmail(tx, testMessage({ to: 'kept@example.com' }));
    });
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, testMessage({ to: 'dropped@example.com' }));
        throw new Error('the sign-up failed after queuing its email');
      }),
    ).rejects.toThrow('the sign-up failed');

    expect((await db.select({ n: count() }).from(jobs))[0]?.n).toBe(1);
    await runner().runDue();
    expect((await outboxRows(db)).map((row) => row.to)).toEqual(['kept@example.com']);
  });

  it('waits for runAt before sending', async () => {
    const { db } = database;
    await enqueueEmail(db, testMessage(), { runAt: new Date(Date.now() + 60 * 60_000) });
    expect(await runner().runDue()).toBe(0);
    expect(await outboxRows(db)).toEqual([]);
  });
});
