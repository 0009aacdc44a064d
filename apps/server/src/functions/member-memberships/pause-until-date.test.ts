import type { MyMembership } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '#src/db/schema/index.ts';
import { createRenewTestMembershipJob } from '#src/domain/memberships/renew-test-membership-job.ts';
import { RENEW_TEST_MEMBERSHIP_KIND } from '#src/domain/memberships/schedule-test-membership-charge.ts';
import { TEST_MEMBERSHIP_RESUME_KIND } from '#src/domain/memberships/self-service/queue-test-membership-resume.ts';
import { createTestMembershipResumeJob } from '#src/domain/memberships/self-service/test-membership-resume-job.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { invoicesOf, joinAsMember, membershipRow, resultOf, testClock } from './member-memberships-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const at = (iso: string) => new Date(iso);

describe('pausing until a date, and pausing during a trial', () => {
  let t: TestApp;
  let driver: ReturnType<typeof testClock>;
  let runner: ReturnType<typeof createJobRunner>;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    driver = testClock(t, clock.now);
    const handlers = [createRenewTestMembershipJob({ db: t.db }), createTestMembershipResumeJob({ db: t.db })];
    runner = createJobRunner({ db: t.db, handlers, log: silentLog, now: clock.now, kinds: { only: [RENEW_TEST_MEMBERSHIP_KIND, TEST_MEMBERSHIP_RESUME_KIND] } });
  });
  afterAll(() => t?.close());

  async function moveTo(storeId: string, target: Date) {
    await driver.moveTo(storeId, target, { run: false });
    while ((await runner.runDue()) > 0);
  }
  /** A member of a pausable tier at a store in New York (days start at 04:00 UTC in summer). */
  async function member(tier: { trialDays?: number } = {}) {
    const joined = await joinAsMember(t, clock.now, { tier: { pausable: true, ...tier } });
    await t.db.update(stores).set({ timeZone: 'America/New_York' }).where(eq(stores.id, joined.storeId));
    return joined;
  }
  type Member = Awaited<ReturnType<typeof member>>;
  const pause = (m: Member, resumeOn?: string) => m.call('pauseMyMembership', { storeId: m.storeId, membershipId: m.membership.id, ...(resumeOn ? { resumeOn } : {}) });
  const paused = async (m: Member, resumeOn?: string) => (await resultOf<{ membership: MyMembership }>(pause(m, resumeOn))).membership;

  it('takes a resume date from tomorrow to 90 days ahead in the store’s zone, and refuses others with what to pick', async () => {
    const m = await member();
    // 11 June 22:00 in New York is already 12 June in UTC: "tomorrow" is the store's.
    await moveTo(m.storeId, at('2030-06-12T02:00:00.000Z'));
    expect(errorOf(await pause(m, '2030-06-11')).message).toBe('Pick a resume date from tomorrow on.');
    expect(errorOf(await pause(m, '2030-09-10')).message).toBe('Pick a resume date at most 90 days from today.');
    expect(errorOf(await pause(m, '2030-02-30')).message).toBe('Pick a resume date that exists on the calendar.');
    expect(errorOf(await pause(m, 'soon')).message).toBe('Pick a resume date.');
    expect(await membershipRow(t, m.membership.id)).toMatchObject({ status: 'active', pausedAt: null, pausedUntil: null });
    // Both ends of the range are taken (the last, on another member).
    expect(await paused(m, '2030-06-12')).toMatchObject({ status: 'paused', pausedUntil: '2030-06-12T04:00:00.000Z' });
    const last = await member();
    await moveTo(last.storeId, at('2030-06-12T02:00:00.000Z'));
    expect(await paused(last, '2030-09-09')).toMatchObject({ status: 'paused', pausedUntil: '2030-09-09T04:00:00.000Z' });
  });

  it('resumes by itself at the start of that day, not a second before, giving back the paid time left, once', async () => {
    const m = await member();
    await moveTo(m.storeId, at('2030-06-11T12:00:00.000Z'));
    const first = await paused(m, '2030-06-21');
    expect(first).toMatchObject({ status: 'paused', pausedAt: '2030-06-11T12:00:00.000Z', pausedUntil: '2030-06-21T04:00:00.000Z', accessUntil: null, nextCharge: null });
    // Asking again answers the same pause (its date is kept).
    expect(await paused(m, '2030-06-30')).toEqual(first);

    await moveTo(m.storeId, at('2030-06-21T03:59:59.000Z'));
    expect(await membershipRow(t, m.membership.id)).toMatchObject({ status: 'paused' });
    await moveTo(m.storeId, at('2030-06-21T04:00:00.000Z'));
    // Paused 9 days 16 hours: the period end (1 July 12:00) moves by as much.
    expect(await membershipRow(t, m.membership.id)).toMatchObject({ status: 'active', pausedAt: null, pausedUntil: null, currentPeriodEnd: at('2030-07-11T04:00:00.000Z') });
    await moveTo(m.storeId, at('2030-07-11T04:01:00.000Z'));
    expect((await invoicesOf(t, m.membership.id)).map((row) => [row.periodStart.toISOString(), row.amountCents])).toEqual([
      ['2030-06-01T12:00:00.000Z', 900],
      ['2030-07-11T04:00:00.000Z', 900],
    ]);
  });

  it('a dated pause the member ended early, then paused again without a date, is not resumed by the first date', async () => {
    const m = await member();
    await moveTo(m.storeId, at('2030-06-05T12:00:00.000Z'));
    await paused(m, '2030-06-10');
    await moveTo(m.storeId, at('2030-06-06T12:00:00.000Z'));
    expect((await resultOf<{ membership: MyMembership }>(m.call('unpauseMyMembership', { storeId: m.storeId, membershipId: m.membership.id }))).membership.status).toBe('active');
    expect(await paused(m)).toMatchObject({ status: 'paused', pausedAt: '2030-06-06T12:00:00.000Z', pausedUntil: null });
    await moveTo(m.storeId, at('2030-06-12T12:00:00.000Z'));
    expect(await membershipRow(t, m.membership.id)).toMatchObject({ status: 'paused', pausedAt: at('2030-06-06T12:00:00.000Z') });
  });

  it('a free trial is refused with why, up to its last second; the first paid day pauses', async () => {
    const m = await member({ trialDays: 7 });
    await moveTo(m.storeId, at('2030-06-08T11:59:59.000Z'));
    expect(errorOf(await pause(m, '2030-06-20')).message).toBe(
      'A free trial cannot be paused: nothing is charged until it ends. Cancel before then if you do not want to go on; once your first payment is made you can pause.',
    );
    expect(await membershipRow(t, m.membership.id)).toMatchObject({ status: 'trialing', pausedAt: null });
    await moveTo(m.storeId, at('2030-06-08T12:00:00.000Z'));
    expect(await membershipRow(t, m.membership.id)).toMatchObject({ status: 'active' });
    expect(await paused(m, '2030-06-20')).toMatchObject({ status: 'paused', pausedUntil: '2030-06-20T04:00:00.000Z' });
  });

  it('another customer’s membership answers a dated pause exactly like one that does not exist', async () => {
    const owner = await member();
    const neighbour = await joinAsMember(t, clock.now, { storeId: owner.storeId });
    const ask = (membershipId: string) => neighbour.call('pauseMyMembership', { storeId: owner.storeId, membershipId, resumeOn: '2030-07-01' });
    const foreign = await ask(owner.membership.id);
    const none = await ask('mbr_00000000000000000000');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(none.json());
    expect(await membershipRow(t, owner.membership.id)).toMatchObject({ status: 'active', pausedUntil: null });
  });
});
