import { membersUrl } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#src/db/schema/index.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import type { ClaimedJob, JobRunContext } from '#src/jobs/types.ts';
import { manualClock } from '#src/testing/clock.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { seedCustomer, seedStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { card, CARDS, membershipRow, seedTier, testClockDriver } from '../membership-fixtures.ts';
import { recordMembershipEvent } from '../record-membership-event.ts';
import { createRenewTestMembershipJob } from '../renew-test-membership-job.ts';
import { RENEW_TEST_MEMBERSHIP_KIND } from '../schedule-test-membership-charge.ts';
import { startTestMembership } from '../start-test-membership.ts';
import { cancelMyMembership } from './cancel-my-membership.ts';
import { createMembershipNoticeJob } from './membership-notice-job.ts';
import { MEMBERSHIP_NOTICE_KIND, TEST_TRIAL_ENDING_KIND, TRIAL_ENDING_NOTICE_MS } from './queue-membership-notices.ts';
import { createTestTrialEndingJob } from './test-trial-ending-job.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const MINUTE = 60_000;
const minus = (at: Date, ms: number) => new Date(at.getTime() - ms);
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

describe('membership emails: durable, each sent once', () => {
  let t: TestApp;
  let driver: ReturnType<typeof testClockDriver>;
  let runner: ReturnType<typeof createJobRunner>;
  const kinds = [RENEW_TEST_MEMBERSHIP_KIND, TEST_TRIAL_ENDING_KIND, MEMBERSHIP_NOTICE_KIND];
  const ctx = { log: silentLog, now: clock.now, complete: async () => {} } as unknown as JobRunContext;
  beforeAll(async () => {
    t = await createTestApp();
    driver = testClockDriver(t, clock.now);
    const handlers = [createRenewTestMembershipJob({ db: t.db }), createTestTrialEndingJob({ db: t.db }), createMembershipNoticeJob({ db: t.db, publicUrl: t.env.publicUrl })];
    runner = createJobRunner({ db: t.db, handlers, log: silentLog, now: clock.now, kinds: { only: kinds } });
  });
  afterAll(() => t?.close());

  /** Moves the store's clock and runs everything due (charges, trial endings, notices) until nothing is left. */
  async function moveTo(storeId: string, target: Date) {
    await driver.moveTo(storeId, target, { run: false });
    while ((await runner.runDue()) > 0);
  }

  async function join(options: { trialDays?: number; cardNumber?: string } = {}) {
    const store = await seedStore(t);
    const tier = await seedTier(t, store.id, { trialDays: options.trialDays ?? 0, name: 'Supporter' });
    const customer = await seedCustomer(t, store.id, { name: 'Mia Member' });
    const started = await startTestMembership(
      { db: t.db, now: clock.now() },
      { storeId: store.id, tierId: tier.id, customerId: customer.id, interval: 'month', card: card(options.cardNumber ?? CARDS.pays) },
    );
    if (started.kind !== 'started') throw new Error(`not started: ${started.kind}`);
    while ((await runner.runDue()) > 0);
    const subjects = async () => (await queuedEmails(t, customer.email)).map((email) => email.subject).sort();
    return { store, customer, membershipId: started.membershipId, subjects };
  }

  const noticeJobs = (membershipId: string, notice: string) =>
    t.db.select().from(jobs).where(and(eq(jobs.kind, MEMBERSHIP_NOTICE_KIND), sql`${jobs.payload} ->> 'membershipId' = ${membershipId}`, sql`${jobs.payload} ->> 'notice' = ${notice}`));

  it('welcome on joining and a receipt for the renewal, each once, even when the notice job runs again', async () => {
    const { store, customer, membershipId, subjects } = await join();
    expect(await subjects()).toEqual([expect.stringMatching(/^Welcome to Membership \d+ — Supporter$/)]);
    const [welcome] = await queuedEmails(t, customer.email);
    expect(welcome!.text).toContain('You paid $9.00');
    expect(welcome!.text).toContain(membersUrl(store, { origin: t.env.publicUrl, page: 'login' }));
    expect(welcome!.html).toContain(`Sent by ${store.name}`);

    const periodEnd = (await membershipRow(t, membershipId)).currentPeriodEnd;
    await moveTo(store.id, plus(periodEnd, MINUTE));
    const receipts = (await queuedEmails(t, customer.email)).filter((email) => email.subject.startsWith('Your receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('$9.00 for July 1, 2030 – August 1, 2030');

    // The notice job run twice more (a retry, a second runner), and the renewal event replayed: still one receipt.
    const [job] = await noticeJobs(membershipId, 'receipt');
    const notice = createMembershipNoticeJob({ db: t.db, publicUrl: t.env.publicUrl });
    await notice.run(job as ClaimedJob, ctx);
    await notice.run(job as ClaimedJob, ctx);
    const row = await membershipRow(t, membershipId);
    const replay = await recordMembershipEvent(
      t.db,
      { provider: 'test', eventId: `testevt_${membershipId}_${periodEnd.getTime()}_0`, providerSubscriptionId: row.providerSubscriptionId, createdAt: plus(periodEnd, MINUTE), type: 'renewed', periodStart: periodEnd, periodEnd: row.currentPeriodEnd },
      clock.now(),
    );
    expect(replay.outcome).toBe('replay');
    while ((await runner.runDue()) > 0);
    expect((await subjects()).filter((subject) => subject.startsWith('Your receipt'))).toHaveLength(1);
    expect(await noticeJobs(membershipId, 'receipt')).toHaveLength(1);
  });

  it('trial ending: nothing a minute before 3 days ahead of the trial end, one email a minute after, once', async () => {
    const { store, membershipId, subjects } = await join({ trialDays: 7 });
    const trialEnd = (await membershipRow(t, membershipId)).trialEnd!;
    const warnAt = minus(trialEnd, TRIAL_ENDING_NOTICE_MS);
    await moveTo(store.id, minus(warnAt, MINUTE));
    expect((await subjects()).filter((subject) => subject.includes('free trial'))).toEqual([]);
    await moveTo(store.id, plus(warnAt, MINUTE));
    expect((await subjects()).filter((subject) => subject.includes('free trial'))).toEqual([expect.stringMatching(/^Your free trial of .* ends soon$/)]);

    const [trialJob] = await t.db.select().from(jobs).where(and(eq(jobs.kind, TEST_TRIAL_ENDING_KIND), sql`${jobs.payload} ->> 'membershipId' = ${membershipId}`));
    await createTestTrialEndingJob({ db: t.db }).run(trialJob as ClaimedJob, ctx);
    while ((await runner.runDue()) > 0);
    expect((await subjects()).filter((subject) => subject.includes('free trial'))).toHaveLength(1);
  });

  it('a trial cancelled before the warning gets the cancellation email once and no trial-ending email', async () => {
    const { store, customer, membershipId, subjects } = await join({ trialDays: 7 });
    await cancelMyMembership({ db: t.db, now: clock.now() }, { storeId: store.id, customerId: customer.id, membershipId, reason: 'Not for me' });
    await cancelMyMembership({ db: t.db, now: clock.now() }, { storeId: store.id, customerId: customer.id, membershipId });
    while ((await runner.runDue()) > 0);
    const trialEnd = (await membershipRow(t, membershipId)).trialEnd!;
    await moveTo(store.id, plus(minus(trialEnd, TRIAL_ENDING_NOTICE_MS), MINUTE));
    const all = await subjects();
    expect(all.filter((subject) => subject.includes('is cancelled'))).toHaveLength(1);
    expect(all.filter((subject) => subject.includes('free trial'))).toEqual([]);
    const [cancelled] = (await queuedEmails(t, customer.email)).filter((email) => email.subject.includes('is cancelled'));
    expect(cancelled!.text).toContain('You keep access until June 8, 2030');
  });

  it('a failed payment says until when access lasts and links to the members area to update the card', async () => {
    const { store, customer, membershipId } = await join({ trialDays: 7, cardNumber: CARDS.declinesLater });
    const trialEnd = (await membershipRow(t, membershipId)).trialEnd!;
    await moveTo(store.id, plus(trialEnd, MINUTE));
    expect(await membershipRow(t, membershipId)).toMatchObject({ status: 'past_due' });
    const failed = (await queuedEmails(t, customer.email)).filter((email) => email.subject.includes('failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.text).toContain('Update your card');
    expect(failed[0]!.text).toContain(membersUrl(store, { origin: t.env.publicUrl, page: 'login' }));
    expect(failed[0]!.text).toContain('You keep access until June 13, 2030');
  });
});
