import type { AppError} from '@shopfront/core';
import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { courseEnrolments } from '#src/db/schema/index.ts';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { manualClock } from '#src/testing/clock.ts';
import { seedCustomer, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { COURSE_MESSAGES } from './course-messages.ts';
import { seedCourse, seedEnrolment } from '#src/testing/courses.ts';
import { findLessonAccess } from './find-lesson-access.ts';
import { getCourseProgress } from './get-course-progress.ts';
import { mintLessonPlayback } from './mint-lesson-playback.ts';
import { recordLessonProgress } from './record-lesson-progress.ts';
import { unlockAllSections } from './unlock-all-sections.ts';
import { refusal } from '#src/testing/refusal.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const NOT_FOUND = { code: 'not-found', message: MESSAGES.generic.notFound };

describe('courses through the database', () => {
  let t: TestApp;
  let a: SeededStore;
  let b: SeededStore;
  let course: Awaited<ReturnType<typeof seedCourse>>;
  let student: { id: string };
  let enrolmentId: string;
  const dripped = { dripKind: 'after-days', dripDays: 7, dripDate: null } as const;

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await seedStore(t), await seedStore(t)];
    course = await seedCourse(t, a.id, [{ lessons: [{}, { freePreview: true }] }, { drip: dripped, lessons: [{}] }]);
    student = await seedCustomer(t, a.id);
    enrolmentId = await seedEnrolment(t, { storeId: a.id, productId: course.productId, customerId: student.id, enrolledAt: clock.now() });
  });
  afterAll(() => t?.close());

  const lesson = (section: number, index: number) => course.outline[section]!.lessonIds[index]!;
  const progress = (lessonId: string, positionSeconds: number, extra: { seeked?: boolean; complete?: boolean } = {}, storeId = a.id, customerId = student.id) =>
    recordLessonProgress(t.db, { storeId, customerId, lessonId, report: { positionSeconds, ...extra }, now: clock.now() });

  it('records progress forward only, back on a seek, and completes by the button', async () => {
    expect(await progress(lesson(0, 0), 120)).toEqual({ positionSeconds: 120, completedAt: null });
    expect(await progress(lesson(0, 0), 30)).toEqual({ positionSeconds: 120, completedAt: null });
    expect(await progress(lesson(0, 0), 30, { seeked: true })).toEqual({ positionSeconds: 30, completedAt: null });
    expect((await progress(lesson(0, 1), 5, { complete: true })).completedAt).toEqual(clock.now());
    const summary = await getCourseProgress(t.db, { storeId: a.id, productId: course.productId, customerId: student.id, now: clock.now() });
    expect(summary.overall).toEqual({ completed: 1, total: 3, percent: 33 });
    expect(summary.schedule.map((section) => section.open)).toEqual([true, false]);
    expect(summary.schedule[1]!.opensAt).toEqual(new Date(clock.now().getTime() + 7 * DAY));
  });

  it('refuses a dripped lesson with the time it opens, and a course not bought', async () => {
    const locked = await progress(lesson(1, 0), 10).catch((error: AppError) => error);
    expect(locked).toMatchObject({ code: 'failed-precondition', message: COURSE_MESSAGES.locked, details: { opensAt: new Date(clock.now().getTime() + 7 * DAY).toISOString() } });
    const stranger = await seedCustomer(t, a.id);
    expect(await refusal(progress(lesson(0, 0), 10, {}, a.id, stranger.id))).toEqual({ code: 'permission-denied', message: COURSE_MESSAGES.notEnrolled });
  });

  it("answers another store's lesson, course, customer and enrolment exactly like missing ones", async () => {
    const otherStudent = await seedCustomer(t, b.id);
    const missingLesson = await refusal(progress(newId('les'), 10));
    expect(missingLesson).toEqual(NOT_FOUND);
    expect(await refusal(progress(lesson(0, 0), 10, {}, b.id, otherStudent.id))).toEqual(missingLesson);
    expect(await findLessonAccess(t.db, { storeId: b.id, lessonId: lesson(0, 0), student: null, now: clock.now() })).toBeNull();
    // Store A's enrolment named through store B's customer finds nothing: not enrolled.
    const viaB = await findLessonAccess(t.db, { storeId: a.id, lessonId: lesson(0, 0), student: { customerId: otherStudent.id }, now: clock.now() });
    expect(viaB?.access).toEqual({ kind: 'denied' });

    const courseOf = (storeId: string, productId: string) => refusal(getCourseProgress(t.db, { storeId, productId, customerId: student.id, now: clock.now() }));
    expect(await courseOf(b.id, course.productId)).toEqual(await courseOf(a.id, newId('prd')));
    expect(await courseOf(b.id, course.productId)).toEqual(NOT_FOUND);

    const unlock = (storeId: string, id: string) => refusal(unlockAllSections(t.db, { storeId, enrolmentId: id, now: clock.now() }));
    expect(await unlock(b.id, enrolmentId)).toEqual(await unlock(a.id, newId('enr')));
    expect(await unlock(b.id, enrolmentId)).toEqual(NOT_FOUND);

    const mint = (storeId: string, lessonId: string) => refusal(mintLessonPlayback(t.db, t.env, { storeId, lessonId, customerId: null, now: clock.now() }));
    expect(await mint(b.id, lesson(0, 1))).toEqual(await mint(a.id, newId('les')));
    expect(await mint(b.id, lesson(0, 1))).toEqual(NOT_FOUND);
  });

  it('unlock-all opens the dripped section for that student only, from that moment', async () => {
    const other = await seedCustomer(t, a.id);
    const otherEnrolment = await seedEnrolment(t, { storeId: a.id, productId: course.productId, customerId: other.id, enrolledAt: clock.now() });
    const before = await findLessonAccess(t.db, { storeId: a.id, lessonId: lesson(1, 0), student: { customerId: other.id }, now: clock.now() });
    expect(before?.access.kind).toBe('locked');
    const { unlockedAllAt } = await unlockAllSections(t.db, { storeId: a.id, enrolmentId: otherEnrolment, now: clock.now() });
    expect(unlockedAllAt).toEqual(clock.now());
    const after = await findLessonAccess(t.db, { storeId: a.id, lessonId: lesson(1, 0), student: { customerId: other.id }, now: clock.now() });
    expect(after?.access).toEqual({ kind: 'open', via: 'enrolment' });
    const stillLocked = await findLessonAccess(t.db, { storeId: a.id, lessonId: lesson(1, 0), student: { customerId: student.id }, now: clock.now() });
    expect(stillLocked?.access.kind).toBe('locked');
  });

  it("a test-mode student's dripped section follows the store's test clock: locked a minute before 7 days, open a minute after", async () => {
    const store = await seedStore(t);
    const testCourse = await seedCourse(t, store.id, [{ lessons: [{}] }, { drip: dripped, lessons: [{}] }]);
    const buyer = await seedCustomer(t, store.id);
    await seedEnrolment(t, { storeId: store.id, productId: testCourse.productId, customerId: buyer.id, enrolledAt: clock.now(), testMode: true });
    const access = async () =>
      (await findLessonAccess(t.db, { storeId: store.id, lessonId: testCourse.outline[1]!.lessonIds[0]!, student: { customerId: buyer.id }, now: clock.now() }))?.access.kind;
    await advanceTestClock(t.db, { storeId: store.id, seconds: (7 * DAY - MINUTE) / 1000, now: clock.now() });
    expect(await access()).toBe('locked');
    await advanceTestClock(t.db, { storeId: store.id, seconds: (2 * MINUTE) / 1000, now: clock.now() });
    expect(await access()).toBe('open');
  });

  it('an ended enrolment (refund) loses the course', async () => {
    const leaver = await seedCustomer(t, a.id);
    const id = await seedEnrolment(t, { storeId: a.id, productId: course.productId, customerId: leaver.id, enrolledAt: clock.now() });
    expect(await progress(lesson(0, 0), 10, {}, a.id, leaver.id)).toEqual({ positionSeconds: 10, completedAt: null });
    await t.db.update(courseEnrolments).set({ endedAt: clock.now() }).where(eq(courseEnrolments.id, id));
    expect(await refusal(progress(lesson(0, 0), 20, {}, a.id, leaver.id))).toEqual({ code: 'permission-denied', message: COURSE_MESSAGES.notEnrolled });
  });
});
