import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { automationStepEmails, emailSuppressions, jobs } from '#src/db/schema/index.ts';
import { manualClock } from '#src/testing/clock.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { insertContacts } from '#src/testing/email-campaigns.ts';
import { AUTOMATION_STEP_KIND } from './automation-job-kinds.ts';
import { addAutomation, emailStep, outboxSubjects, runsOf, seedAutomation } from './automation-test-fixtures.ts';
import { STEP_EMAIL_BATCH } from './run-email-step-batch.ts';
import { startRuns } from './start-runs.ts';

/**
 * Email steps go out as batch lanes (decision 054): one step job leads and takes the same step's
 * other due jobs of its store with it. These tests hold the single-step guarantees across a batch,
 * with a per-store rate of RATE messages a second, smaller than a batch.
 */
const RATE = 20;
let t: TestApp;
const clock = manualClock(new Date(Date.now() + 60 * 60_000));
const runDue = async () => {
  const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog, now: clock.now });
  await runner.runDue();
  await runner.stop();
};
const fire = (storeId: string, customerIds: string[]) =>
  t.db.transaction(async (tx) => {
    for (const customerId of customerIds) await startRuns(tx, { storeId, customerId, kind: 'purchased', key: 'order:1', productIds: [] });
  });
const emails = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(2, '0')}@batch.example.com`);

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ EMAIL_CAMPAIGN_RATE_PER_STORE: String(RATE) }) });
});
afterAll(async () => {
  await t?.close();
});

describe('email steps in batches', () => {
  it('sends each contact its own automation’s email once, stops a suppressed one, and never takes another store’s runs', async () => {
    const count = STEP_EMAIL_BATCH + 10;
    const a = await seedAutomation(t.db, 'batch-mugs', { steps: [emailStep('e1', 'Hello from A')], contacts: emails('a', count) });
    // A second automation of the same store and a second store, both with a step called e1.
    await insertContacts(t.db, a.storeId, emails('b', 5).map((email) => ({ email })));
    const other = await addAutomation(t.db, a.storeId, { kind: 'tag-added', tag: 'vip' }, [emailStep('e1', 'Hello from B')]);
    const c = await seedAutomation(t.db, 'batch-cups', { steps: [emailStep('e1', 'Hello from C')], contacts: emails('c', 5) });
    await fire(a.storeId, a.contacts.map((contact) => contact.id));
    await fire(c.storeId, c.contacts.map((contact) => contact.id));
    const bContacts = await t.db.execute(sql`select id from customers where store_id = ${a.storeId} and email like 'b%'`);
    await t.db.transaction(async (tx) => {
      for (const row of bContacts.rows as { id: string }[]) await startRuns(tx, { storeId: a.storeId, customerId: row.id, kind: 'tag-added', key: 'tag:vip:1', tag: 'vip' });
    });
    const leaving = a.contacts[3]!;
    await t.db.insert(emailSuppressions).values({ storeId: a.storeId, email: leaving.email, reason: 'unsubscribed' });

    // RATE a second for each store: one clock instant sends RATE of A's store, RATE of C's.
    await runDue();
    const sentSoFar = async (list: string[]) => (await Promise.all(list.map((to) => outboxSubjects(t.db, to)))).flat().length;
    expect(await sentSoFar([...emails('a', count), ...emails('b', 5)])).toBe(RATE);
    expect(await sentSoFar(emails('c', 5))).toBe(5);
    // The rest a second at a time, RATE a second, each run's email once.
    for (let second = 0; second < Math.ceil((count + 5) / RATE); second++) {
      clock.advance(1_000);
      await runDue();
    }

    for (const contact of a.contacts) expect(await outboxSubjects(t.db, contact.email)).toEqual(contact.id === leaving.id ? [] : ['Hello from A']);
    for (const to of emails('b', 5)) expect(await outboxSubjects(t.db, to)).toEqual(['Hello from B']);
    for (const to of emails('c', 5)) expect(await outboxSubjects(t.db, to)).toEqual(['Hello from C']);
    const runs = await runsOf(t.db, a.automationId);
    expect(runs.filter((run) => run.status === 'completed')).toHaveLength(count - 1);
    expect(runs.find((run) => run.customerId === leaving.id)).toMatchObject({ status: 'stopped', stopReason: 'suppressed' });
    expect((await runsOf(t.db, other)).map((run) => run.status)).toEqual(Array.from({ length: 5 }, () => 'completed'));
    // One content version for the whole batch.
    expect(await t.db.select().from(automationStepEmails).where(eq(automationStepEmails.automationId, a.automationId))).toHaveLength(1);
    // Waiting for quota is no failed attempt: no step job of these runs counts more than its one run.
    const stepJobs = await t.db
      .select({ attempts: jobs.attempts, status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, AUTOMATION_STEP_KIND), inArray(sql`${jobs.payload} ->> 'runId'`, runs.map((run) => run.id))));
    expect(stepJobs.filter((job) => job.status !== 'done' || job.attempts > 1)).toEqual([]);
  });
});
