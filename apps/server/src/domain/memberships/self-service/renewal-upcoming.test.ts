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
import { createRenewTestMembershipJob } from '../renew-test-membership-job.ts';
import { RENEW_TEST_MEMBERSHIP_KIND } from '../schedule-test-membership-charge.ts';
import { startTestMembership } from '../start-test-membership.ts';
import { cancelMyMembership } from './cancel-my-membership.ts';
import { createMembershipNoticeJob } from './membership-notice-job.ts';
import { pauseMyMembership } from './pause-my-membership.ts';
import { MEMBERSHIP_NOTICE_KIND } from './queue-membership-notices.ts';
import { RENEWAL_UPCOMING_NOTICE_MS, TEST_RENEWAL_UPCOMING_KIND } from './queue-test-renewal-upcoming.ts';
import { createTestRenewalUpcomingJob } from './test-renewal-upcoming-job.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const MINUTE = 60_000;
const minus = (at: Date, ms: number) => new Date(at.getTime() - ms);
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

describe('the upcoming-renewal email of yearly memberships (test provider)', () => {
  let t: TestApp;
  let driver: ReturnType<typeof testClockDriver>;
  let runner: ReturnType<typeof createJobRunner>;
  const ctx = { log: silentLog, now: clock.now, complete: async () => {} } as unknown as JobRunContext;
  beforeAll(async () => {
    t = await createTestApp();
    driver = testClockDriver(t, clock.now);
    const handlers = [createRenewTestMembershipJob({ db: t.db }), createTestRenewalUpcomingJob({ db: t.db }), createMembershipNoticeJob({ db: t.db, publicUrl: t.env.publicUrl })];
    runner = createJobRunner({ db: t.db, handlers, log: silentLog, now: clock.now, kinds: { only: [RENEW_TEST_MEMBERSHIP_KIND, TEST_RENEWAL_UPCOMING_KIND, MEMBERSHIP_NOTICE_KIND] } });
  });
  afterAll(() => t?.close());

  async function moveTo(storeId: string, target: Date) {
    await driver.moveTo(storeId, target, { run: false });
    while ((await runner.runDue()) > 0);
  }

  async function join(interval: 'month' | 'year', tier: { pausable?: boolean } = {}) {
    const store = await seedStore(t);
    const seeded = await seedTier(t, store.id, { name: 'Supporter', ...tier });
    const customer = await seedCustomer(t, store.id, { name: 'Mia Member' });
    const started = await startTestMembership({ db: t.db, now: clock.now() }, { storeId: store.id, tierId: seeded.id, customerId: customer.id, interval, card: card(CARDS.pays) });
    if (started.kind !== 'started') throw new Error(`not started: ${started.kind}`);
    while ((await runner.runDue()) > 0);
    const renewals = async () => (await queuedEmails(t, customer.email)).filter((email) => email.subject.includes(' renews on '));
    const warnAt = minus((await membershipRow(t, started.membershipId)).currentPeriodEnd, RENEWAL_UPCOMING_NOTICE_MS);
    return { store, customer, membershipId: started.membershipId, renewals, warnAt };
  }
  const upcomingJobs = (membershipId: string) => t.db.select().from(jobs).where(and(eq(jobs.kind, TEST_RENEWAL_UPCOMING_KIND), sql`${jobs.payload} ->> 'membershipId' = ${membershipId}`));

  it('nothing a minute before 7 days ahead of the renewal, one email a minute after, once; the next year is queued after renewing', async () => {
    const { store, membershipId, renewals, warnAt } = await join('year');
    await moveTo(store.id, minus(warnAt, MINUTE));
    expect(await renewals()).toEqual([]);
    await moveTo(store.id, plus(warnAt, MINUTE));
    const sent = await renewals();
    expect(sent.map((email) => email.subject)).toEqual([expect.stringMatching(/^Your membership Membership \d+ — Supporter renews on June 1, 2031$/)]);
    expect(sent[0]!.text).toContain('We’ll charge $90.00 / year to your card on file.');

    const [job] = await upcomingJobs(membershipId);
    await createTestRenewalUpcomingJob({ db: t.db }).run(job as ClaimedJob, ctx);
    while ((await runner.runDue()) > 0);
    expect(await renewals()).toHaveLength(1);

    await moveTo(store.id, plus((await membershipRow(t, membershipId)).currentPeriodEnd, MINUTE));
    expect(await membershipRow(t, membershipId)).toMatchObject({ status: 'active', currentPeriodEnd: new Date('2032-06-01T12:00:00.000Z') });
    expect((await upcomingJobs(membershipId)).map((row) => (row.payload as { periodEnd: string }).periodEnd).sort()).toEqual(['2031-06-01T12:00:00.000Z', '2032-06-01T12:00:00.000Z']);
  });

  it('is never queued for a monthly membership', async () => {
    const { store, membershipId, renewals } = await join('month');
    await moveTo(store.id, plus(clock.now(), 40 * 24 * 60 * MINUTE));
    expect(await upcomingJobs(membershipId)).toEqual([]);
    expect(await renewals()).toEqual([]);
  });

  it('is not sent once the member cancelled, or while paused', async () => {
    const cancelled = await join('year');
    await cancelMyMembership({ db: t.db, now: clock.now() }, { storeId: cancelled.store.id, customerId: cancelled.customer.id, membershipId: cancelled.membershipId });
    await moveTo(cancelled.store.id, plus(cancelled.warnAt, MINUTE));
    expect(await cancelled.renewals()).toEqual([]);

    const paused = await join('year', { pausable: true });
    await pauseMyMembership({ db: t.db, now: clock.now() }, { storeId: paused.store.id, customerId: paused.customer.id, membershipId: paused.membershipId });
    await moveTo(paused.store.id, plus(paused.warnAt, MINUTE));
    expect(await paused.renewals()).toEqual([]);
  });
});
