import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { automationStepRuns, emailCampaignRecipients } from '#src/db/schema/index.ts';
import { claimDueJobs } from '#src/jobs/job-store.ts';
import { manualClock } from '#src/testing/clock.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { automationRecipients, emailStep, recordingProvider, runsOf, seedAutomation } from './automation-test-fixtures.ts';
import { startRuns } from './start-runs.ts';
import { stepEmailVersion } from './step-email-version.ts';

const LEASE_MS = 60_000;
let t: TestApp;
const clock = manualClock(new Date(Date.now() + 60 * 60_000));
const fake = recordingProvider();
const runner = () => createAppJobRunner({ env: t.env, db: t.db, log: silentLog, now: clock.now, emailProvider: fake.provider });
const runDue = async () => {
  const jobs = runner();
  await jobs.runDue();
  await jobs.stop();
};
const fire = (storeId: string, customerId: string) =>
  t.db.transaction((tx) => startRuns(tx, { storeId, customerId, kind: 'purchased', key: 'order:1', productIds: [] }));

beforeAll(async () => {
  // SMTP (here a recording stand-in): the send is not in the database's transaction.
  t = await createTestApp({ env: testEnv({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: '127.0.0.1', EMAIL_CAMPAIGN_LEASE_SECONDS: String(LEASE_MS / 1000) }) });
});
afterAll(async () => {
  await t?.close();
});

describe('exactly once across crashes and servers (SMTP)', () => {
  it('a job whose lease expires mid-send is taken over without a second send', async () => {
    const { storeId, automationId, contacts } = await seedAutomation(t.db, 'stall-mugs', { steps: [emailStep('e1', 'Once')] });
    await fire(storeId, contacts[0]!.id);
    const before = fake.sent.length;

    const held = fake.holdNext();
    const stalled = runner();
    const first = stalled.runDue();
    await held.started;
    // Server A stalls inside the SMTP call past its lease; server B takes the job over.
    clock.advance(LEASE_MS + 1_000);
    await runDue();
    expect(fake.sent.length - before).toBe(0);
    // A's send completes: the message is accepted once and its row marked sent; A's step record is refused (lease lost).
    held.release();
    await first;
    await stalled.stop();
    expect(fake.sent.length - before).toBe(1);
    // B's retry finds the row sent and moves the run on without sending.
    clock.advance(60 * 60_000);
    await runDue();
    expect(fake.sent.length - before).toBe(1);
    const [run] = await runsOf(t.db, automationId);
    expect(run).toMatchObject({ status: 'completed' });
    expect((await automationRecipients(t.db, run!.id)).map((row) => row.status)).toEqual(['sent']);
  });

  it('a job taken over after a crash that followed the recorded send never sends again', async () => {
    const { storeId, automationId, contacts } = await seedAutomation(t.db, 'crash-mugs', { steps: [emailStep('e1', 'Once')] });
    const contact = contacts[0]!;
    const [runId] = await fire(storeId, contact.id);
    const before = fake.sent.length;
    // What a server killed after "email sent" and before "step recorded" leaves behind: its job
    // running under a lease, the step started, the recipient row sent.
    await claimDueJobs(t.db, { workerId: 'killed-server', now: clock.now(), leaseMs: LEASE_MS, limit: 50 });
    const step = emailStep('e1', 'Once');
    if (step.type !== 'email') throw new Error('email step expected');
    const campaignId = await t.db.transaction((tx) => stepEmailVersion(tx, { storeId, automationId, automationName: 'Flow', step, now: clock.now() }));
    const recipientId = 'rcp_crashcrashcrash000001';
    await t.db.insert(emailCampaignRecipients).values({
      id: recipientId, campaignId, storeId, customerId: contact.id, automationRunId: runId!, email: contact.email, messageId: `<${recipientId}@x>`, status: 'sent', sentAt: clock.now(),
    });
    await t.db.insert(automationStepRuns).values({ runId: runId!, stepId: 'e1', automationId, storeId, startedAt: clock.now(), recipientId });

    clock.advance(LEASE_MS + 1_000);
    await runDue();
    expect(fake.sent.length - before).toBe(0);
    expect((await runsOf(t.db, automationId))[0]).toMatchObject({ status: 'completed' });
    const [stepRun] = await t.db.select().from(automationStepRuns).where(eq(automationStepRuns.runId, runId!));
    expect(stepRun).toMatchObject({ status: 'done', outcome: 'sent' });
  });

  it('two servers working the same automation send each email once', async () => {
    const emails = Array.from({ length: 24 }, (_, n) => `fan${n}@two.example.com`);
    const { storeId, automationId, contacts } = await seedAutomation(t.db, 'two-mugs', { steps: [emailStep('e1', 'Hello'), emailStep('e2', 'Again')], contacts: emails });
    for (const contact of contacts) await fire(storeId, contact.id);
    const before = fake.sent.length;
    const [a, b] = [runner(), runner()];
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    await Promise.all([a.runDue(), b.runDue()]);
    await Promise.all([a.stop(), b.stop()]);
    const sent = fake.sent.slice(before);
    expect(sent).toHaveLength(48);
    expect(new Set(sent.map((message) => `${message.to} ${message.subject}`)).size).toBe(48);
    expect(new Set(sent.map((message) => message.headers?.['Message-ID'])).size).toBe(48);
    expect((await runsOf(t.db, automationId)).every((run) => run.status === 'completed')).toBe(true);
  });
});
