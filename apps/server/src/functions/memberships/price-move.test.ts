import { MEMBERSHIP_MESSAGES as M, type MembershipTier } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenewTestMembershipJob } from '#src/domain/memberships/renew-test-membership-job.ts';
import { RENEW_TEST_MEMBERSHIP_KIND } from '#src/domain/memberships/schedule-test-membership-charge.ts';
import { createMembershipNoticeJob } from '#src/domain/memberships/self-service/membership-notice-job.ts';
import { MEMBERSHIP_NOTICE_KIND } from '#src/domain/memberships/self-service/queue-membership-notices.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { manualClock } from '#src/testing/clock.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { invoicesOf, membershipRow, testClockDriver } from '#src/testing/memberships.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { call, join, newMembership, newTier, ok, refusalOf, shopAndStranger, type Shop } from './membership-fixtures.ts';

const clock = manualClock(new Date('2030-03-01T10:00:00.000Z'));
const at = (iso: string) => new Date(iso);
const PRICE_SUBJECT = /^The price of .* is changing$/;

/** Moving a tier's existing members to its current price: notice, the boundary, one email. */
describe('moving existing members to a new price', () => {
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let tier: MembershipTier;
  let driver: ReturnType<typeof testClockDriver>;
  let runner: ReturnType<typeof createJobRunner>;
  const members: Record<string, { membershipId: string; email: string }> = {};

  /** Moves the store's test clock and runs every job due (charges, then the emails they queue). */
  async function moveTo(target: Date) {
    await driver.moveTo(shop.storeId, target, { run: false });
    while ((await runner.runDue()) > 0);
  }
  async function joinAt(name: string, when: Date) {
    await moveTo(when);
    const email = `${name}@example.com`;
    const { membershipId } = await join(t, shop, tier.id, clock.now(), { email });
    members[name] = { membershipId, email };
  }
  const charges = async (name: string) => (await invoicesOf(t, members[name]!.membershipId)).filter((row) => row.status === 'paid').map((row) => [row.periodStart.toISOString().slice(0, 19), row.amountCents]);
  const priceEmails = async (name: string) => (await queuedEmails(t, members[name]!.email)).filter((email) => PRICE_SUBJECT.test(email.subject));
  const move = (tierId = tier.id, as = shop) => call(t, as, 'moveTierMembersToCurrentPrice', { tierId });

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    ({ shop, other } = await shopAndStranger(t, clock.now, 'pricemove'));
    driver = testClockDriver(t, clock.now);
    const handlers = [createRenewTestMembershipJob({ db: t.db }), createMembershipNoticeJob({ db: t.db, publicUrl: t.env.publicUrl })];
    runner = createJobRunner({ db: t.db, handlers, log: silentLog, now: clock.now, kinds: { only: [RENEW_TEST_MEMBERSHIP_KIND, MEMBERSHIP_NOTICE_KIND] } });
    const membership = await newMembership(t, shop);
    tier = await newTier(t, shop, membership.id, { monthlyPriceCents: 500 });
    // Renewals on 1 Apr / 1 May, and one second either side of 20 Apr (the notice will end 20 Apr 10:00).
    await joinAt('early', at('2030-03-01T10:00:00.000Z'));
    await joinAt('before', at('2030-03-20T09:59:59.000Z'));
    await joinAt('after', at('2030-03-20T10:00:01.000Z'));
  });
  afterAll(() => t?.close());

  it('changes the price for new members only until the creator moves existing ones', async () => {
    await moveTo(at('2030-03-21T10:00:00.000Z'));
    await ok(call(t, shop, 'updateMembershipTier', { tierId: tier.id, monthlyPriceCents: 700 }));
    await joinAt('newcomer', at('2030-03-21T10:00:00.000Z'));
    expect((await membershipRow(t, members.newcomer!.membershipId)).priceCents).toBe(700);
    expect((await membershipRow(t, members.early!.membershipId)).priceCents).toBe(500);
  });

  it('schedules the move with 30 days’ notice, emails each moved member once, and asking again changes nothing', async () => {
    const first = await ok(move());
    expect(first).toEqual({ scheduled: 3, alreadyScheduled: 0, stripeMembers: 0, noticeEndsAt: '2030-04-20T10:00:00.000Z' });
    while ((await runner.runDue()) > 0);
    const [email] = await priceEmails('early');
    expect(email?.text).toContain('From your renewal on May 1, 2030, the price is $7.00 / month');
    expect((await priceEmails('before'))[0]?.text).toContain('From your renewal on May 20, 2030');
    expect((await priceEmails('after'))[0]?.text).toContain('From your renewal on April 20, 2030');
    expect(await priceEmails('newcomer')).toEqual([]);

    expect(await ok(move())).toEqual({ scheduled: 0, alreadyScheduled: 3, stripeMembers: 0, noticeEndsAt: '2030-04-20T10:00:00.000Z' });
    while ((await runner.runDue()) > 0);
    for (const name of ['early', 'before', 'after']) expect(await priceEmails(name)).toHaveLength(1);
  });

  it('keeps each member’s price until their first renewal after the notice, on both sides of its end', async () => {
    await moveTo(at('2030-04-02T10:00:00.000Z'));
    // Renewed during the notice: still the old price.
    expect(await charges('early')).toEqual([
      ['2030-03-01T10:00:00', 500],
      ['2030-04-01T10:00:00', 500],
    ]);
    await moveTo(at('2030-04-21T10:00:00.000Z'));
    // One second before the notice ends: the old price; one second after: the new one.
    expect((await charges('before')).at(-1)).toEqual(['2030-04-20T09:59:59', 500]);
    expect((await charges('after')).at(-1)).toEqual(['2030-04-20T10:00:01', 700]);
    expect((await membershipRow(t, members.after!.membershipId)).priceCents).toBe(700);
    expect((await membershipRow(t, members.before!.membershipId)).priceCents).toBe(500);
    await moveTo(at('2030-05-21T10:00:00.000Z'));
    expect((await charges('early')).at(-1)).toEqual(['2030-05-01T10:00:00', 700]);
    expect((await charges('before')).at(-1)).toEqual(['2030-05-20T09:59:59', 700]);
    expect((await charges('newcomer')).map(([, cents]) => cents)).toEqual([700, 700, 700]);
    // Moved: nothing left to schedule, and no second email.
    expect(await ok(move())).toMatchObject({ scheduled: 0, alreadyScheduled: 0 });
    expect(await priceEmails('early')).toHaveLength(1);
  });

  it('answers another store’s tier exactly like a missing one', async () => {
    const strangers = await newMembership(t, other);
    const foreign = await newTier(t, other, strangers.id);
    const missing = await refusalOf(move('mtr_aaaaaaaaaaaaaaaaaaaa'));
    expect(missing).toEqual({ status: 404, message: M.tierNotFound });
    expect(await refusalOf(move(foreign.id))).toEqual(missing);
  });
});
