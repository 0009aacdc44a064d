import type { MembershipTier } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrolments, courseUnlockNotices } from '#src/db/schema/index.ts';
import { COURSE_UNLOCK_NOTICE_KIND, COURSE_UNLOCK_RESCHEDULE_KIND } from '#src/domain/courses/unlock-notices/schedule-unlock-notice.ts';
import { createUnlockNoticeJobs } from '#src/domain/courses/unlock-notices/unlock-notice-job.ts';
import { startTestMembership } from '#src/domain/memberships/start-test-membership.ts';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { manualClock } from '#src/testing/clock.ts';
import { seedCourse } from '#src/testing/courses.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { CARDS, card } from '#src/testing/memberships.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { call, join, newMembership, newTier, ok, shopAndStranger, type Shop } from './membership-fixtures.ts';

const DAY_SECONDS = 24 * 3600;
const days = (n: number) => ({ dripKind: 'after-days' as const, dripDays: n, dripDate: null });

/**
 * "New lessons unlocked" for a student whose course comes with a membership that lapsed: a section
 * that opens while access has lapsed is not announced then (the course is locked); when access
 * returns, one email lists every section that opened meanwhile, and later openings are announced as
 * they come.
 */
describe('unlock emails around a lapsed membership', () => {
  const clock = manualClock(new Date('2030-03-04T10:00:00Z'));
  let t: TestApp;
  let shop: Shop;
  let tier: MembershipTier;
  let course: { productId: string; outline: { sectionId: string; lessonIds: string[] }[] };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    ({ shop } = await shopAndStranger(t, clock.now, 'lapse'));
    tier = await newTier(t, shop, (await newMembership(t, shop)).id);
    // Open at once; then 7 and 10 days after enrolment (both open during the lapse below); then 30.
    course = await seedCourse(t, shop.storeId, [{ lessons: [{}] }, { drip: days(7), lessons: [{}] }, { drip: days(10), lessons: [{}, {}] }, { drip: days(30), lessons: [{}] }]);
    await ok(call(t, shop, 'setMembershipTierCourses', { tierId: tier.id, courses: [course.productId] }));
  });
  afterAll(() => t?.close());

  const runJobs = () =>
    createJobRunner({ db: t.db, handlers: createUnlockNoticeJobs({ db: t.db, publicUrl: TEST_PUBLIC_URL }), log: silentLog, now: clock.now, kinds: { only: [COURSE_UNLOCK_NOTICE_KIND, COURSE_UNLOCK_RESCHEDULE_KIND] } }).runDue();
  const advance = (seconds: number) => advanceTestClock(t.db, { storeId: shop.storeId, seconds, now: clock.now() });
  const unlockEmails = async (to: string) => (await queuedEmails(t, to)).filter((email) => /^New lessons unlocked in /.test(email.subject)).reverse();

  it('announces nothing while access has lapsed, then once, in one email, what opened meanwhile; later openings as they come', async () => {
    const { customer, membershipId } = await join(t, shop, tier.id, clock.now(), { name: 'Łukasz' });
    const [enrolment] = await t.db.select().from(courseEnrolments).where(eq(courseEnrolments.customerId, customer.id));
    expect(enrolment).toMatchObject({ productId: course.productId, testMode: true, sourceMembershipId: membershipId });
    await ok(call(t, shop, 'cancelMember', { membershipId, when: 'now' }));

    // Days 7 and 10 pass while the course is locked: the checks run and announce nothing.
    await advance(12 * DAY_SECONDS);
    await runJobs();
    expect(await unlockEmails(customer.email)).toEqual([]);
    expect(await t.db.select().from(courseUnlockNotices).where(eq(courseUnlockNotices.enrolmentId, enrolment!.id))).toEqual([]);

    // Back on day 12: one email for the two sections that opened meanwhile, and again never.
    const rejoined = await startTestMembership({ db: t.db, now: clock.now() }, { storeId: shop.storeId, tierId: tier.id, customerId: customer.id, interval: 'month', card: card(CARDS.pays) });
    expect(rejoined.kind).toBe('started');
    await runJobs();
    await runJobs();
    const [back, ...more] = await unlockEmails(customer.email);
    expect(more).toEqual([]);
    expect(back!.subject).toMatch(/^New lessons unlocked in Course \d+$/);
    expect(back!.text).toContain('2 sections of Course');
    expect(back!.text).toContain('are now open: “Section 2” (1 new lesson) and “Section 3” (2 new lessons).');
    expect(back!.text).toContain(`/members/courses/${course.productId}/lessons/${course.outline[1]!.lessonIds[0]}`);
    const notices = await t.db.select().from(courseUnlockNotices).where(eq(courseUnlockNotices.enrolmentId, enrolment!.id));
    expect(notices.map((row) => [row.sectionId, row.outcome]).sort()).toEqual([[course.outline[1]!.sectionId, 'sent'], [course.outline[2]!.sectionId, 'sent']].sort());

    // Day 30: the last section is announced on its own, as usual.
    await advance(18 * DAY_SECONDS);
    await runJobs();
    const emails = await unlockEmails(customer.email);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.text).toContain('“Section 4” in');
    expect(emails[1]!.text).toContain('is now open, with 1 new lesson.');
  });

  it('sends nothing on return when nothing opened during the lapse', async () => {
    const { customer, membershipId } = await join(t, shop, tier.id, clock.now());
    await ok(call(t, shop, 'cancelMember', { membershipId, when: 'now' }));
    await advance(2 * DAY_SECONDS);
    await runJobs();
    await startTestMembership({ db: t.db, now: clock.now() }, { storeId: shop.storeId, tierId: tier.id, customerId: customer.id, interval: 'month', card: card(CARDS.pays) });
    await runJobs();
    expect(await unlockEmails(customer.email)).toEqual([]);
    // Its first dripped section (day 7 after enrolment) is still announced when it opens.
    await advance(5 * DAY_SECONDS);
    await runJobs();
    expect((await unlockEmails(customer.email)).map((email) => email.text.includes('“Section 2” in'))).toEqual([true]);
  });
});
