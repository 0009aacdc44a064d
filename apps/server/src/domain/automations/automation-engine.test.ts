import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { automations, customers, emailSuppressions, storeEmailSettings } from '#src/db/schema/index.ts';
import { manualClock } from '#src/testing/clock.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { emailStep, outboxSubjects, runsOf, seedAutomation, stepJobs, waitStep } from './automation-test-fixtures.ts';
import { startRuns } from './start-runs.ts';

const DAY = 24 * 60 * 60_000;
let t: TestApp;
// Ahead of real time, so jobs queued at the database's "now" are due on this clock.
const clock = manualClock(new Date(Date.now() + 60 * 60_000));
const runDue = async () => {
  const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog, now: clock.now });
  await runner.runDue();
  await runner.stop();
};
const fire = (storeId: string, customerId: string, key = 'order:1') =>
  t.db.transaction((tx) => startRuns(tx, { storeId, customerId, kind: 'purchased', key, productIds: [] }));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('starting runs', () => {
  it('starts one run per contact and trigger event, however often the event fires', async () => {
    const { storeId, automationId, contacts } = await seedAutomation(t.db, 'once-mugs', { steps: [emailStep('e1', 'Hi')] });
    const contact = contacts[0]!;
    expect(await fire(storeId, contact.id)).toHaveLength(1);
    expect(await fire(storeId, contact.id)).toEqual([]);
    const runs = await runsOf(t.db, automationId);
    expect(runs).toHaveLength(1);
    expect(await stepJobs(t.db, runs[0]!.id)).toHaveLength(1);
    // Another order is another event.
    expect(await fire(storeId, contact.id, 'order:2')).toHaveLength(1);
    expect(await runsOf(t.db, automationId)).toHaveLength(2);
  });

  it("never puts a contact of store A into store B's automation", async () => {
    const a = await seedAutomation(t.db, 'store-a-mugs', { steps: [emailStep('e1', 'A')] });
    const b = await seedAutomation(t.db, 'store-b-mugs', { steps: [emailStep('e1', 'B')] });
    expect(await fire(b.storeId, a.contacts[0]!.id)).toEqual([]);
    expect(await runsOf(t.db, b.automationId)).toEqual([]);
  });

  it('starts nothing for a draft or paused automation', async () => {
    const { storeId, automationId, contacts } = await seedAutomation(t.db, 'draft-mugs', { steps: [emailStep('e1', 'Hi')] });
    await t.db.update(automations).set({ status: 'paused' }).where(eq(automations.id, automationId));
    expect(await fire(storeId, contacts[0]!.id)).toEqual([]);
  });
});

describe('running steps', () => {
  it('sends a three-email flow over two days; an unsubscribe after the first stops it before the next send', async () => {
    const steps = [emailStep('e1', 'Welcome'), waitStep('w1', 1), emailStep('e2', 'Tip'), waitStep('w2', 1), emailStep('e3', 'Offer')];
    const stays = await seedAutomation(t.db, 'flow-mugs', { steps, contacts: ['stays@flow.example.com', 'leaves@flow.example.com'] });
    for (const contact of stays.contacts) await fire(stays.storeId, contact.id);

    await runDue();
    expect(await outboxSubjects(t.db, 'stays@flow.example.com')).toEqual(['Welcome']);
    expect(await outboxSubjects(t.db, 'leaves@flow.example.com')).toEqual(['Welcome']);
    // Nothing more before the day has passed.
    clock.advance(DAY - 60_000);
    await runDue();
    expect(await outboxSubjects(t.db, 'stays@flow.example.com')).toEqual(['Welcome']);

    // The second contact unsubscribes (what the link does: consent off, suppression).
    await t.db.update(customers).set({ marketingConsent: false, marketingWithdrawnAt: clock.now() }).where(eq(customers.email, 'leaves@flow.example.com'));
    await t.db.insert(emailSuppressions).values({ storeId: stays.storeId, email: 'leaves@flow.example.com', reason: 'unsubscribed' });
    clock.advance(60_000);
    await runDue();
    clock.advance(DAY);
    await runDue();

    expect(await outboxSubjects(t.db, 'stays@flow.example.com')).toEqual(['Welcome', 'Tip', 'Offer']);
    expect(await outboxSubjects(t.db, 'leaves@flow.example.com')).toEqual(['Welcome']);
    const runs = await runsOf(t.db, stays.automationId);
    const byContact = Object.fromEntries(runs.map((run) => [stays.contacts.find((c) => c.id === run.customerId)!.email, [run.status, run.stopReason]]));
    expect(byContact).toEqual({ 'stays@flow.example.com': ['completed', null], 'leaves@flow.example.com': ['stopped', 'suppressed'] });
  });

  it('a live edit keeps a waiting contact at its step and sends the new content; a removed step hands over to the next', async () => {
    const steps = [emailStep('e1', 'First'), waitStep('w1', 1), emailStep('e2', 'Old second'), waitStep('w2', 1), emailStep('e3', 'Third')];
    const { storeId, automationId, contacts } = await seedAutomation(t.db, 'edit-mugs', { steps });
    await fire(storeId, contacts[0]!.id);
    await runDue();
    expect((await runsOf(t.db, automationId))[0]).toMatchObject({ stepId: 'w1', status: 'active' });

    // The wait the contact is at goes; the second email changes.
    const edited = [emailStep('e1', 'First'), emailStep('e2', 'New second'), waitStep('w2', 1), emailStep('e3', 'Third')];
    await t.db.update(automations).set({ steps: edited }).where(eq(automations.id, automationId));
    clock.advance(DAY);
    await runDue();
    expect(await outboxSubjects(t.db, contacts[0]!.email)).toEqual(['First', 'New second']);
    clock.advance(DAY);
    await runDue();
    expect(await outboxSubjects(t.db, contacts[0]!.email)).toEqual(['First', 'New second', 'Third']);
    expect((await runsOf(t.db, automationId))[0]).toMatchObject({ status: 'completed' });
  });

  it('tags the contact and branches on the tag; a paused automation starts nothing', async () => {
    const steps = [
      { id: 'tag', type: 'add-tag', tag: 'Engaged' },
      { id: 'if-vip', type: 'branch', condition: { kind: 'has-tag', tag: 'vip' }, elseStepId: 'regular' },
      emailStep('vip-mail', 'VIP only'),
      { id: 'stop', type: 'end' },
      emailStep('regular', 'For everyone'),
    ] as const;
    const { storeId, automationId, contacts } = await seedAutomation(t.db, 'branch-mugs', { steps: [...steps] });
    await fire(storeId, contacts[0]!.id);
    await runDue();
    expect(await outboxSubjects(t.db, contacts[0]!.email)).toEqual(['For everyone']);
    const [contact] = await t.db.select().from(customers).where(eq(customers.id, contacts[0]!.id));
    expect(contact?.tags).toEqual(['Engaged']);

    await t.db.update(automations).set({ status: 'paused' }).where(eq(automations.id, automationId));
    await t.db.update(customers).set({ tags: ['vip'] }).where(eq(customers.id, contacts[0]!.id));
    await fire(storeId, contacts[0]!.id, 'order:2');
    // Paused automations start nothing; resume and fire again: the VIP path.
    await t.db.update(automations).set({ status: 'live' }).where(eq(automations.id, automationId));
    await fire(storeId, contacts[0]!.id, 'order:3');
    await runDue();
    expect(await outboxSubjects(t.db, contacts[0]!.email)).toEqual(['For everyone', 'VIP only']);
  });

  it('holds an email step while the store is paused for complaints, and sends once it is resumed', async () => {
    const { storeId, automationId, contacts } = await seedAutomation(t.db, 'paused-mugs', { steps: [emailStep('e1', 'Hello')] });
    await t.db.update(storeEmailSettings).set({ pausedAt: clock.now(), pausedReason: 'complaints' }).where(eq(storeEmailSettings.storeId, storeId));
    await fire(storeId, contacts[0]!.id);
    await runDue();
    expect(await outboxSubjects(t.db, contacts[0]!.email)).toEqual([]);
    expect((await runsOf(t.db, automationId))[0]).toMatchObject({ status: 'active', stepId: 'e1' });
    await t.db.update(storeEmailSettings).set({ pausedAt: null }).where(eq(storeEmailSettings.storeId, storeId));
    clock.advance(60 * 60_000);
    await runDue();
    expect(await outboxSubjects(t.db, contacts[0]!.email)).toEqual(['Hello']);
  });
});
