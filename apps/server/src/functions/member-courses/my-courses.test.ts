import { COURSE_LIMITS as L, COURSE_MESSAGES as M, type LessonView, type MyCourse, type MyCourseSummary } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseEnrolments, products } from '#src/db/schema/index.ts';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { errorOf, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { asStudent, courseStore, DAY_MS, result, twoSchoolsSuite } from './member-course-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));

describe('a student’s courses in the members area', () => {
  const s = twoSchoolsSuite(clock);

  const student = () => asStudent(s.t, s.school.student);
  const storeId = () => s.school.store.id;

  it('lists the student’s courses with progress and where to continue; a stranger of the same store has none', async () => {
    const { courses } = await result<{ courses: MyCourseSummary[] }>(student()('listMyCourses', { storeId: storeId() }));
    expect(courses).toEqual([
      { productId: s.school.productId, title: 'Print at Home', coverImageUrl: null, enrolledAt: clock.now().toISOString(), progress: { completed: 0, total: 4, percent: 0 }, continueAt: { lessonId: s.school.lessons.videoLesson, positionSeconds: 0 } },
    ]);
    expect(await result(asStudent(s.t, s.school.stranger)('listMyCourses', { storeId: storeId() }))).toEqual({ courses: [], locked: [] });
  });

  it('shows the outline with the dripped section locked until its time, and the free preview open', async () => {
    const course = await result<MyCourse>(student()('getMyCourse', { storeId: storeId(), productId: s.school.productId }));
    const opensAt = new Date(clock.now().getTime() + 7 * DAY_MS).toISOString();
    expect(course.sections.map((section) => [section.open, section.opensAt])).toEqual([[true, clock.now().toISOString()], [false, opensAt]]);
    expect(course.sections.flatMap((section) => section.lessons.map((lesson) => [lesson.id, lesson.state, lesson.opensAt, lesson.media]))).toEqual([
      [s.school.lessons.videoLesson, 'open', null, 'video'],
      [s.school.lessons.embedLesson, 'open', null, 'embed'],
      [s.school.lessons.lockedLesson, 'locked', opensAt, 'none'],
      [s.school.lessons.previewLesson, 'open', null, 'none'],
    ]);
    const locked = await student()('getMyLesson', { storeId: storeId(), lessonId: s.school.lessons.lockedLesson });
    expect(locked.statusCode).toBe(400);
    expect(errorOf(locked)).toMatchObject({ message: M.locked, details: { opensAt } });
  });

  it('opens a lesson with its text, signed playback, signed downloads and the neighbours', async () => {
    const video = await result<LessonView>(student()('getMyLesson', { storeId: storeId(), lessonId: s.school.lessons.videoLesson }));
    expect(video).toMatchObject({ title: 'Welcome', bodyHtml: '<p>Hello</p>', files: [], progress: { positionSeconds: 0, completedAt: null }, previousLessonId: null, nextLessonId: s.school.lessons.embedLesson });
    expect(video.playback).toMatchObject({ kind: 'hls', durationSeconds: 100 });
    const embed = await result<LessonView>(student()('getMyLesson', { storeId: storeId(), lessonId: s.school.lessons.embedLesson }));
    expect(embed.playback).toEqual({ kind: 'embed', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    expect(embed.files).toMatchObject([{ id: s.school.fileId, name: 'Worksheet.pdf', sizeBytes: 9 }]);
    const download = await s.t.app.inject({ method: 'GET', url: embed.files[0]!.url.replace(TEST_PUBLIC_URL, '') });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('worksheet');
    expect(download.headers['content-disposition']).toContain('attachment');
  });

  it('records progress forward only (back on a seek), completes at 90 % and by the button, and refuses positions past the limits', async () => {
    const record = (positionSeconds: number, seeked = false) => student()('recordLessonProgress', { storeId: storeId(), lessonId: s.school.lessons.videoLesson, positionSeconds, seeked });
    expect(await result(record(40))).toEqual({ lessonId: s.school.lessons.videoLesson, positionSeconds: 40, completedAt: null });
    expect(await result(record(30))).toMatchObject({ positionSeconds: 40 });
    expect(await result(record(20, true))).toMatchObject({ positionSeconds: 20 });
    expect(await result(record(89.9))).toMatchObject({ completedAt: null });
    expect(await result(record(90))).toMatchObject({ positionSeconds: 90, completedAt: clock.now().toISOString() });
    expect(await result(record(L.positionSecondsMax))).toMatchObject({ positionSeconds: 100 });
    expect(await result(record(0, true))).toMatchObject({ positionSeconds: 0 });
    for (const bad of [-1, L.positionSecondsMax + 1]) {
      const refused = await record(bad);
      expect([refused.statusCode, errorOf(refused).message]).toEqual([400, M.positionInvalid]);
    }
    clock.advance(1000);
    const done = await result(student()('markLessonComplete', { storeId: storeId(), lessonId: s.school.lessons.embedLesson }));
    expect(done).toMatchObject({ completedAt: clock.now().toISOString() });
    const course = await result<MyCourse>(student()('getMyCourse', { storeId: storeId(), productId: s.school.productId }));
    expect(course.progress).toEqual({ completed: 2, total: 4, percent: 50 });
    expect(course.sections[0]!.progress).toEqual({ completed: 2, total: 2, percent: 100 });
    expect(course.continueAt).toEqual({ lessonId: s.school.lessons.embedLesson, positionSeconds: 0 });
  });

  it('refuses a student without an enrolment, and answers another store’s course or lesson like a missing one', async () => {
    const stranger = asStudent(s.t, s.school.stranger);
    const lesson = await stranger('getMyLesson', { storeId: storeId(), lessonId: s.school.lessons.videoLesson });
    expect([lesson.statusCode, errorOf(lesson).message]).toEqual([403, M.notEnrolled]);
    const progress = await stranger('recordLessonProgress', { storeId: storeId(), lessonId: s.school.lessons.videoLesson, positionSeconds: 1 });
    expect([progress.statusCode, errorOf(progress).message]).toEqual([403, M.notEnrolled]);
    const preview = await stranger('recordLessonProgress', { storeId: storeId(), lessonId: s.school.lessons.previewLesson, positionSeconds: 1 });
    expect([preview.statusCode, errorOf(preview).message]).toEqual([403, M.keepProgress]);
    const missingCourse = seen(await student()('getMyCourse', { storeId: storeId(), productId: missingId('prd') }));
    expect(missingCourse.status).toBe(404);
    expect(seen(await stranger('getMyCourse', { storeId: storeId(), productId: s.school.productId }))).toEqual(missingCourse);
    expect(seen(await student()('getMyCourse', { storeId: storeId(), productId: s.other.productId }))).toEqual(missingCourse);
    const missingLesson = seen(await student()('getMyLesson', { storeId: storeId(), lessonId: missingId('les') }));
    expect(missingLesson.status).toBe(404);
    for (const name of ['getMyLesson', 'markLessonComplete']) {
      expect(seen(await student()(name, { storeId: storeId(), lessonId: s.other.lessons.videoLesson }))).toEqual(seen(await student()(name, { storeId: storeId(), lessonId: missingId('les') })));
    }
    expect(seen(await student()('recordLessonProgress', { storeId: storeId(), lessonId: s.other.lessons.videoLesson, positionSeconds: 1 }))).toEqual(
      seen(await student()('recordLessonProgress', { storeId: storeId(), lessonId: missingId('les'), positionSeconds: 1 })),
    );
    // A session of one store is refused by another store's members area.
    expect((await student()('listMyCourses', { storeId: s.other.store.id })).statusCode).toBe(401);
    expect((await asStudent(s.t, null)('listMyCourses', { storeId: storeId() })).statusCode).toBe(401);
  });

  it('lets any visitor read a free preview of a published course, and nothing else', async () => {
    const visitor = asStudent(s.t, null);
    const preview = await result<LessonView>(visitor('getPreviewLesson', { storeId: storeId(), lessonId: s.school.lessons.previewLesson }));
    expect(preview).toMatchObject({ id: s.school.lessons.previewLesson, progress: null, playback: { kind: 'none' } });
    const paid = await visitor('getPreviewLesson', { storeId: storeId(), lessonId: s.school.lessons.videoLesson });
    expect([paid.statusCode, errorOf(paid).message]).toEqual([403, M.notEnrolled]);
    const missing = seen(await visitor('getPreviewLesson', { storeId: storeId(), lessonId: missingId('les') }));
    expect(seen(await visitor('getPreviewLesson', { storeId: storeId(), lessonId: s.other.lessons.previewLesson }))).toEqual(missing);
    await s.t.db.update(products).set({ status: 'draft' }).where(eq(products.id, s.school.productId));
    const draft = await visitor('getPreviewLesson', { storeId: storeId(), lessonId: s.school.lessons.previewLesson });
    await s.t.db.update(products).set({ status: 'published' }).where(eq(products.id, s.school.productId));
    expect(draft.statusCode).toBe(404);
  });

  it('opens the dripped section when the store’s test clock reaches it, or when the creator unlocks it for the student', async () => {
    const testSchool = await courseStore(s.t, clock.now(), { testMode: true });
    const call = asStudent(s.t, testSchool.student);
    const open = async () => (await result<MyCourse>(call('getMyCourse', { storeId: testSchool.store.id, productId: testSchool.productId }))).sections[1]!.open;
    await advanceTestClock(s.t.db, { storeId: testSchool.store.id, seconds: 7 * 24 * 3600 - 1, now: clock.now() });
    expect(await open()).toBe(false);
    await advanceTestClock(s.t.db, { storeId: testSchool.store.id, seconds: 1, now: clock.now() });
    expect(await open()).toBe(true);
    expect((await call('getMyLesson', { storeId: testSchool.store.id, lessonId: testSchool.lessons.lockedLesson })).statusCode).toBe(200);

    const unlocked = await result<{ unlockedAllAt: string }>(asStudent(s.t, s.school.owner)('unlockCourseForStudent', { storeId: storeId(), enrolmentId: s.school.enrolmentId }));
    expect(unlocked.unlockedAllAt).toBe(clock.now().toISOString());
    expect((await result<MyCourse>(student()('getMyCourse', { storeId: storeId(), productId: s.school.productId }))).sections[1]!.open).toBe(true);
  });

  it('ends access when the enrolment ends, like a course never bought', async () => {
    const ended = await courseStore(s.t, clock.now());
    const call = asStudent(s.t, ended.student);
    const lesson = await result<LessonView>(call('getMyLesson', { storeId: ended.store.id, lessonId: ended.lessons.embedLesson }));
    const download = () => s.t.app.inject({ method: 'GET', url: lesson.files[0]!.url.replace(TEST_PUBLIC_URL, '') });
    expect((await download()).statusCode).toBe(200);
    await s.t.db.update(courseEnrolments).set({ endedAt: clock.now() }).where(eq(courseEnrolments.id, ended.enrolmentId));
    expect((await download()).statusCode).toBe(403);
    expect(await result(call('listMyCourses', { storeId: ended.store.id }))).toEqual({ courses: [], locked: [] });
    expect((await call('getMyCourse', { storeId: ended.store.id, productId: ended.productId })).statusCode).toBe(404);
    expect((await call('getMyLesson', { storeId: ended.store.id, lessonId: ended.lessons.videoLesson })).statusCode).toBe(403);
  });
});
