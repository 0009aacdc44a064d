import { AUTOMATION_MESSAGES, MESSAGES, type AutomationStep } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { automationRuns, automations, customers, emailOutbox, jobs, storeEmailSettings } from '#src/db/schema/index.ts';
import { AUTOMATION_STEP_KIND } from '#src/domain/automations/automation-job-kinds.ts';
import { startRuns } from '#src/domain/automations/start-runs.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { manualClock, tickingClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { insertBuyer } from '#src/testing/customers.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const MISSING = 'aut_00000000000000000000';
const DAY = 24 * 60 * 60_000;
const trigger = { kind: 'purchased', productId: null } as const;
const email = (id: string): AutomationStep => ({
  id,
  type: 'email',
  subject: `Subject ${id}`,
  previewText: '',
  body: [{ id: 't', type: 'text', html: '<p>Hi</p>' }],
});

const runsOf = (t: TestApp, automationId: string) => t.db.select().from(automationRuns).where(eq(automationRuns.automationId, automationId));
const stepJobs = (t: TestApp, runId: string) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, AUTOMATION_STEP_KIND), sql`${jobs.payload} ->> 'runId' = ${runId}`));
/** The campaign-tagged (automation) mail the outbox holds for `to`. */
const outboxSubjects = async (t: TestApp, to: string) => {
  const rows = await t.db.select({ subject: emailOutbox.subject, tags: emailOutbox.tags }).from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.createdAt, emailOutbox.id);
  return rows.filter((row) => row.tags.includes('campaign')).map((row) => row.subject);
};

describe('deleting automations and their totals', () => {
  let t: TestApp;
  let creator: TestCreator;
  let mallory: TestCreator;
  let store: { id: string };
  let malloryStore: { id: string };
  // The job runner's clock, ahead of real time so jobs queued at the database's "now" are due.
  const clock = manualClock(new Date(Date.now() + 60 * 60_000));
  const call = (name: string, data: Record<string, unknown>, as: TestCreator = creator) => callFunction(t.app, name, data, { as });
  const ok = async (name: string, data: Record<string, unknown>, as: TestCreator = creator) => {
    const reply = await call(name, data, as);
    if (reply.statusCode !== 200) throw new Error(reply.body);
    return reply.json().result;
  };
  const runDue = async () => {
    const runner = createAppJobRunner({
      env: t.env,
      db: t.db,
      log: silentLog,
      now: clock.now,
    });
    await runner.runDue();
    await runner.stop();
  };
  const list = async () =>
    (await ok('listAutomations', { storeId: store.id })).automations as {
      id: string;
      totals: { entered: number; waiting: number };
    }[];
  const totalsOf = async (id: string) => (await list()).find((item) => item.id === id)?.totals;
  const enter = async (customerId: string, key: string) => {
    await t.db.transaction((tx) =>
      startRuns(tx, {
        storeId: store.id,
        customerId,
        kind: 'purchased',
        key,
        productIds: [],
      }),
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ now: tickingClock() });
    creator = await signedInCreator(t, { now: new Date() });
    mallory = await signedInCreator(t, { now: new Date() });
    store = await createStoreAs(t, creator, 'delete-shop');
    malloryStore = await createStoreAs(t, mallory, 'delete-rival');
    await t.db.insert(storeEmailSettings).values({ storeId: store.id, postalAddress: '1 Main St' });
  });
  afterAll(() => t?.close());

  it("answers another creator's automation exactly like a missing one, and leaves it", async () => {
    const theirs = await ok('createAutomation', { storeId: malloryStore.id, name: 'Theirs', trigger }, mallory);
    const foreign = await call('deleteAutomation', {
      storeId: store.id,
      automationId: theirs.id,
    });
    const missing = await call('deleteAutomation', {
      storeId: store.id,
      automationId: MISSING,
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([missing.statusCode, missing.json()]);
    expect([foreign.statusCode, errorOf(foreign).message]).toEqual([404, MESSAGES.generic.notFound]);
    expect(await t.db.select().from(automations).where(eq(automations.id, theirs.id))).toHaveLength(1);
  });

  it('refuses a live automation until it is paused; a draft deletes and leaves the list', async () => {
    const live = await ok('createAutomation', {
      storeId: store.id,
      name: 'Live one',
      trigger,
    });
    await ok('updateAutomation', {
      storeId: store.id,
      automationId: live.id,
      name: 'Live one',
      trigger,
      steps: [email('e')],
    });
    await ok('setAutomationStatus', {
      storeId: store.id,
      automationId: live.id,
      status: 'live',
    });
    const refused = await call('deleteAutomation', {
      storeId: store.id,
      automationId: live.id,
    });
    expect([refused.statusCode, errorOf(refused).message]).toEqual([400, AUTOMATION_MESSAGES.deleteLive]);
    expect((await list()).map((item) => item.id)).toContain(live.id);

    await ok('setAutomationStatus', {
      storeId: store.id,
      automationId: live.id,
      status: 'paused',
    });
    expect(
      await ok('deleteAutomation', {
        storeId: store.id,
        automationId: live.id,
      }),
    ).toEqual({ deleted: true });
    const draft = await ok('createAutomation', {
      storeId: store.id,
      name: 'Draft one',
      trigger,
    });
    expect(
      await ok('deleteAutomation', {
        storeId: store.id,
        automationId: draft.id,
      }),
    ).toEqual({ deleted: true });
    expect((await list()).map((item) => item.id)).not.toContain(draft.id);
    const again = await call('deleteAutomation', {
      storeId: store.id,
      automationId: draft.id,
    });
    expect([again.statusCode, errorOf(again).message]).toEqual([404, MESSAGES.generic.notFound]);
  });

  it('lists entered and waiting per automation; deleting a paused one stops its waiting runs and no job sends after', async () => {
    const flow = await ok('createAutomation', {
      storeId: store.id,
      template: 'post-purchase',
    });
    const quick = await ok('createAutomation', {
      storeId: store.id,
      name: 'One email',
      trigger,
    });
    await ok('updateAutomation', {
      storeId: store.id,
      automationId: quick.id,
      name: 'One email',
      trigger,
      steps: [email('only')],
    });
    const idle = await ok('createAutomation', {
      storeId: store.id,
      name: 'Idle',
      trigger,
    });
    for (const id of [flow.id, quick.id])
      await ok('setAutomationStatus', {
        storeId: store.id,
        automationId: id,
        status: 'live',
      });
    const buyer = await insertBuyer(t, store.id, 'waiting@example.com');
    await t.db.update(customers).set({ marketingConsent: true }).where(eq(customers.id, buyer.id));
    await enter(buyer.id, 'order:1');
    await enter(buyer.id, 'order:2');
    await runDue();

    // The post-purchase flow sent its thank-you and waits 3 days; the one-email flow has finished.
    expect(await totalsOf(flow.id)).toEqual({ entered: 2, waiting: 2 });
    expect(await totalsOf(quick.id)).toEqual({ entered: 2, waiting: 0 });
    expect(await totalsOf(idle.id)).toEqual({ entered: 0, waiting: 0 });
    const sentBefore = await outboxSubjects(t, 'waiting@example.com');
    expect(sentBefore.filter((subject) => subject === 'Thank you for your order')).toHaveLength(2);
    const runIds = (await runsOf(t, flow.id)).map((run) => run.id);

    await ok('setAutomationStatus', {
      storeId: store.id,
      automationId: flow.id,
      status: 'paused',
    });
    expect(
      await ok('deleteAutomation', {
        storeId: store.id,
        automationId: flow.id,
      }),
    ).toEqual({ deleted: true });
    expect(await runsOf(t, flow.id)).toEqual([]);
    for (let day = 0; day < 12; day += 1) {
      clock.advance(DAY);
      await runDue();
    }
    expect(await outboxSubjects(t, 'waiting@example.com')).toEqual(sentBefore);
    // Their queued steps ended without sending (a paused automation's would keep looking again).
    for (const runId of runIds) expect((await stepJobs(t, runId)).map((job) => job.status).filter((status) => status !== 'done')).toEqual([]);
    expect((await list()).map((item) => item.id)).toEqual([idle.id, quick.id]);
  });
});
