import { MEMBERSHIP_MESSAGES as M, type MyMembership } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMemberAccess } from '#src/domain/memberships/find-member-access.ts';
import { createRenewTestMembershipJob } from '#src/domain/memberships/renew-test-membership-job.ts';
import { RENEW_TEST_MEMBERSHIP_KIND } from '#src/domain/memberships/schedule-test-membership-charge.ts';
import { createMembershipNoticeJob } from '#src/domain/memberships/self-service/membership-notice-job.ts';
import { MEMBERSHIP_NOTICE_KIND } from '#src/domain/memberships/self-service/queue-membership-notices.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { invoicesOf, joinAsMember, membershipRow, resultOf, testClock } from './member-memberships-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

describe('pausing and resuming a membership in the members area', () => {
  let t: TestApp;
  let driver: ReturnType<typeof testClock>;
  let runner: ReturnType<typeof createJobRunner>;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    driver = testClock(t, clock.now);
    const handlers = [createRenewTestMembershipJob({ db: t.db }), createMembershipNoticeJob({ db: t.db, publicUrl: t.env.publicUrl })];
    runner = createJobRunner({ db: t.db, handlers, log: silentLog, now: clock.now, kinds: { only: [RENEW_TEST_MEMBERSHIP_KIND, MEMBERSHIP_NOTICE_KIND] } });
  });
  afterAll(() => t?.close());

  /** Moves the store's clock and runs every job due (charges, then the emails they queue). */
  async function moveTo(storeId: string, target: Date) {
    await driver.moveTo(storeId, target, { run: false });
    while ((await runner.runDue()) > 0);
  }
  const pausable = () => joinAsMember(t, clock.now, { tier: { pausable: true } });
  type Member = Awaited<ReturnType<typeof pausable>>;
  const ask = (member: Member, name: string) => member.call(name, { storeId: member.storeId, membershipId: member.membership.id });
  const answer = async (member: Member, name: string) => (await resultOf<{ membership: MyMembership }>(ask(member, name))).membership;
  const access = async (member: Member) => (await findMemberAccess(t.db, { storeId: member.storeId, customerId: member.customerId, now: clock.now() })).length > 0;
  const subjects = async (member: Member) => {
    while ((await runner.runDue()) > 0);
    return (await queuedEmails(t, member.email)).map((email) => email.subject).filter((subject) => /paused|is back/.test(subject));
  };

  it('pauses: no access and no charge while paused; resuming gives back the paid time left and charges at the moved end, once', async () => {
    const member = await pausable();
    // Ten days into the 30-day period (1 June – 1 July): twenty days of paid time are left.
    await moveTo(member.storeId, at('2030-06-11T12:00:00.000Z'));
    expect(await access(member)).toBe(true);
    const paused = await answer(member, 'pauseMyMembership');
    expect(paused).toMatchObject({ status: 'paused', pausedAt: '2030-06-11T12:00:00.000Z', accessUntil: null, nextCharge: null, pausable: true });
    expect(await access(member)).toBe(false);
    // Asking again answers the same, with no second event or email.
    expect(await answer(member, 'pauseMyMembership')).toEqual(paused);

    // The period end passes while paused: nothing is charged, it stays paused.
    await moveTo(member.storeId, at('2030-07-01T12:01:00.000Z'));
    expect(await invoicesOf(t, member.membership.id)).toHaveLength(1);
    expect(await membershipRow(t, member.membership.id)).toMatchObject({ status: 'paused' });

    // Resumed after 30 days paused: the period moves 30 days on, so twenty paid days are left.
    await moveTo(member.storeId, at('2030-07-11T12:00:00.000Z'));
    const resumed = await answer(member, 'unpauseMyMembership');
    expect(resumed).toMatchObject({ status: 'active', pausedAt: null, currentPeriodEnd: '2030-07-31T12:00:00.000Z', nextCharge: { at: '2030-07-31T12:00:00.000Z', amountCents: 900 } });
    expect(await access(member)).toBe(true);
    expect(await answer(member, 'unpauseMyMembership')).toEqual(resumed);

    // A minute before the moved end nothing is charged; a minute after, one renewal.
    await moveTo(member.storeId, at('2030-07-31T11:59:00.000Z'));
    expect(await invoicesOf(t, member.membership.id)).toHaveLength(1);
    await moveTo(member.storeId, at('2030-07-31T12:01:00.000Z'));
    expect((await invoicesOf(t, member.membership.id)).map((invoice) => [invoice.periodStart.toISOString(), invoice.amountCents, invoice.status])).toEqual([
      ['2030-06-01T12:00:00.000Z', 900, 'paid'],
      ['2030-07-31T12:00:00.000Z', 900, 'paid'],
    ]);
    expect(await membershipRow(t, member.membership.id)).toMatchObject({ status: 'active', currentPeriodEnd: at('2030-08-31T12:00:00.000Z') });

    // One email for each change, whatever the jobs did twice.
    const sent = await subjects(member);
    expect(sent).toHaveLength(2);
    expect(sent.some((subject) => subject.endsWith(' is paused'))).toBe(true);
    expect(sent.some((subject) => subject.endsWith(' is back'))).toBe(true);
  });

  it('only on a tier that allows it, only when active and not cancelled, and a paused member resumes before cancelling', async () => {
    const fixed = await joinAsMember(t, clock.now);
    expect(errorOf(await ask(fixed, 'pauseMyMembership')).message).toBe('This membership cannot be paused: its tier does not allow it.');
    expect(await membershipRow(t, fixed.membership.id)).toMatchObject({ status: 'active', pausedAt: null });

    const trialing = await joinAsMember(t, clock.now, { tier: { pausable: true, trialDays: 7 } });
    expect(errorOf(await ask(trialing, 'pauseMyMembership')).message).toMatch(/^A free trial cannot be paused: nothing is charged until it ends\./);

    const leaving = await pausable();
    await answer(leaving, 'cancelMyMembership');
    expect(errorOf(await ask(leaving, 'pauseMyMembership')).message).toBe('Only an active membership that is not cancelled can be paused.');

    const resting = await pausable();
    await answer(resting, 'pauseMyMembership');
    const refused = await ask(resting, 'cancelMyMembership');
    expect(errorOf(refused).message).toBe('This membership is paused: resume it first, then cancel it.');
    expect(await membershipRow(t, resting.membership.id)).toMatchObject({ status: 'paused', cancelAtPeriodEnd: false });
    // The same answer to a resume of what is not paused: nothing changes.
    expect(await answer(fixed, 'unpauseMyMembership')).toMatchObject({ status: 'active' });
  });

  it('the creator sees the paused state, can end it now, and is told a paused member has no period to end', async () => {
    const member = await pausable();
    await answer(member, 'pauseMyMembership');
    const owner = member.owner!;
    const listed = await callFunction(t.app, 'listMembers', { storeId: member.storeId, productId: member.tier.productId }, { as: owner });
    expect(listed.json().result.members[0]).toMatchObject({ status: 'paused', pausedAt: clock.now().toISOString(), nextCharge: null });
    const later = await callFunction(t.app, 'cancelMember', { storeId: member.storeId, membershipId: member.membership.id, when: 'period_end' }, { as: owner });
    expect(errorOf(later).message).toBe(M.pausedCancelNow);
    const now = await callFunction(t.app, 'cancelMember', { storeId: member.storeId, membershipId: member.membership.id, when: 'now' }, { as: owner });
    expect(now.json().result).toMatchObject({ status: 'ended', pausedAt: null });
    expect(errorOf(await ask(member, 'unpauseMyMembership')).message).toBe('This membership has ended.');
  });

  it('another customer’s membership, and another store’s, answer exactly like one that does not exist', async () => {
    const owner = await pausable();
    const neighbour = await joinAsMember(t, clock.now, { storeId: owner.storeId });
    const elsewhere = await pausable();
    const missing = 'mbr_00000000000000000000';
    for (const name of ['pauseMyMembership', 'unpauseMyMembership']) {
      for (const caller of [neighbour, elsewhere]) {
        const foreign = await caller.call(name, { storeId: caller.storeId, membershipId: owner.membership.id });
        const none = await caller.call(name, { storeId: caller.storeId, membershipId: missing });
        expect({ name, status: foreign.statusCode, body: foreign.json() }).toEqual({ name, status: none.statusCode, body: none.json() });
        expect(none.statusCode).toBe(404);
      }
    }
    expect(await membershipRow(t, owner.membership.id)).toMatchObject({ status: 'active', pausedAt: null });
  });

  it('resuming moves the period by exactly the time paused (a pause of a minute moves it a minute)', async () => {
    const member = await pausable();
    const end = member.membership.currentPeriodEnd;
    await answer(member, 'pauseMyMembership');
    clock.advance(MINUTE);
    const resumed = await answer(member, 'unpauseMyMembership');
    expect(resumed.currentPeriodEnd).toBe(new Date(end.getTime() + MINUTE).toISOString());
  });
});
