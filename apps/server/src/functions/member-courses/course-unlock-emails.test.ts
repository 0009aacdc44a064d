import { COURSE_MESSAGES as M, type MyCourse } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrolments, courseUnlockNotices, emailSuppressions, jobs } from '#src/db/schema/index.ts';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { asStudent, courseStore, DAY_MS, result, type CourseStore } from './member-course-fixtures.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { COURSE_UNLOCK_NOTICE_KIND, COURSE_UNLOCK_RESCHEDULE_KIND, scheduleUnlockNotice } from '#src/domain/courses/unlock-notices/schedule-unlock-notice.ts';
import { createUnlockNoticeJobs } from '#src/domain/courses/unlock-notices/unlock-notice-job.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const SUBJECT = 'New lessons unlocked in Print at Home';

describe('the "new lessons unlocked" email, on the store’s test clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  const runner = () =>
    createJobRunner({ db: t.db, handlers: createUnlockNoticeJobs({ db: t.db, publicUrl: TEST_PUBLIC_URL }), log: silentLog, now: clock.now, kinds: { only: [COURSE_UNLOCK_NOTICE_KIND, COURSE_UNLOCK_RESCHEDULE_KIND] } });
  /** A test-mode student whose second section opens 7 days after enrolment, with their first check queued as a purchase queues it. */
  async function enrolled(): Promise<CourseStore> {
    const school = await courseStore(t, clock.now(), { testMode: true });
    const [enrolment] = await t.db.select().from(courseEnrolments).where(eq(courseEnrolments.id, school.enrolmentId));
    await scheduleUnlockNotice(t.db, enrolment!);
    return school;
  }
  const advance = (school: CourseStore, seconds: number) => advanceTestClock(t.db, { storeId: school.store.id, seconds, now: clock.now() });
  const unlockEmails = async (school: CourseStore) => (await queuedEmails(t, school.student.email)).filter((email) => email.subject === SUBJECT);
  const notices = (school: CourseStore) => t.db.select().from(courseUnlockNotices).where(eq(courseUnlockNotices.enrolmentId, school.enrolmentId));

  it('sends one email when the dripped section opens, with a link to its first lesson, and never again', async () => {
    const school = await enrolled();
    expect(await runner().runDue()).toBe(0);
    await advance(school, 7 * 24 * 3600 - 1);
    expect(await runner().runDue()).toBe(0);
    expect(await unlockEmails(school)).toEqual([]);

    await advance(school, 1);
    expect(await runner().runDue()).toBe(1);
    const [email, ...more] = await unlockEmails(school);
    expect(more).toEqual([]);
    expect(email!.text).toContain('“Section 2” in Print at Home is now open, with 2 new lessons.');
    expect(email!.text).toContain(`/members/courses/${school.productId}/lessons/${school.lessons.lockedLesson}`);
    expect(await notices(school)).toMatchObject([{ sectionId: school.sectionIds[1], outcome: 'sent', opensAt: new Date(clock.now().getTime() + 7 * DAY_MS) }]);

    // Scheduling again, a later run and a further week change nothing: the section was announced.
    const [enrolment] = await t.db.select().from(courseEnrolments).where(eq(courseEnrolments.id, school.enrolmentId));
    await scheduleUnlockNotice(t.db, enrolment!);
    await advance(school, 7 * 24 * 3600);
    expect(await runner().runDue()).toBe(0);
    expect(await unlockEmails(school)).toHaveLength(1);
  });

  it('announces nothing open at enrolment: a course without dripped sections queues no check', async () => {
    const school = await courseStore(t, clock.now(), { testMode: true });
    await t.db.delete(jobs).where(and(eq(jobs.kind, COURSE_UNLOCK_NOTICE_KIND), eq(jobs.clockStoreId, school.store.id)));
    await result(asStudent(t, school.owner)('setSectionDrip', { storeId: school.store.id, sectionId: school.sectionIds[1], drip: { kind: 'immediately' } }));
    expect(await runner().runDue()).toBe(1); // the reschedule, which queues no check
    await advance(school, 30 * 24 * 3600);
    expect(await runner().runDue()).toBe(0);
    expect(await unlockEmails(school)).toEqual([]);
    expect(await notices(school)).toEqual([]);
  });

  it('respects the student’s "Email me when new lessons open", and only for their own course', async () => {
    const school = await enrolled();
    const student = asStudent(t, school.student);
    expect((await result<MyCourse>(student('getMyCourse', { storeId: school.store.id, productId: school.productId }))).lessonEmails).toBe(true);
    expect(await result(student('setMyCourseEmails', { storeId: school.store.id, productId: school.productId, lessonEmails: false }))).toEqual({ lessonEmails: false });
    expect((await result<MyCourse>(student('getMyCourse', { storeId: school.store.id, productId: school.productId }))).lessonEmails).toBe(false);
    const missing = seen(await student('setMyCourseEmails', { storeId: school.store.id, productId: missingId('prd'), lessonEmails: false }));
    expect(missing).toMatchObject({ status: 404, body: { error: { message: M.courseNotFound } } });
    expect(seen(await asStudent(t, school.stranger)('setMyCourseEmails', { storeId: school.store.id, productId: school.productId, lessonEmails: true }))).toEqual(missing);

    await advance(school, 7 * 24 * 3600);
    expect(await runner().runDue()).toBe(1);
    expect(await unlockEmails(school)).toEqual([]);
    expect(await notices(school)).toMatchObject([{ outcome: 'opted-out' }]);
  });

  it('never emails an address the store may not email (unsubscribed, bounced, complained)', async () => {
    const school = await enrolled();
    await t.db.insert(emailSuppressions).values({ storeId: school.store.id, email: school.student.email, reason: 'unsubscribed' });
    await advance(school, 7 * 24 * 3600);
    expect(await runner().runDue()).toBe(1);
    expect(await unlockEmails(school)).toEqual([]);
    expect(await notices(school)).toMatchObject([{ outcome: 'suppressed' }]);
  });

  it('sends nothing once the enrolment has ended (a refund)', async () => {
    const school = await enrolled();
    await t.db.update(courseEnrolments).set({ endedAt: clock.now() }).where(eq(courseEnrolments.id, school.enrolmentId));
    await advance(school, 7 * 24 * 3600);
    expect(await runner().runDue()).toBe(1);
    expect(await unlockEmails(school)).toEqual([]);
    expect(await notices(school)).toEqual([]);
  });

  it('follows a drip the creator moves earlier: the section is announced at its new time', async () => {
    const school = await enrolled();
    await result(asStudent(t, school.owner)('setSectionDrip', { storeId: school.store.id, sectionId: school.sectionIds[1], drip: { kind: 'after-days', days: 3 } }));
    expect(await runner().runDue()).toBe(1); // the reschedule
    await advance(school, 3 * 24 * 3600 - 1);
    expect(await runner().runDue()).toBe(0);
    await advance(school, 1);
    expect(await runner().runDue()).toBe(1);
    expect(await unlockEmails(school)).toHaveLength(1);
    // The check queued for day 7 finds the section announced.
    await advance(school, 4 * 24 * 3600);
    expect(await runner().runDue()).toBe(1);
    expect(await unlockEmails(school)).toHaveLength(1);
  });
});
