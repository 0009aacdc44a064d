import { AppError, MESSAGES } from '@shopfront/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { courseLessons, courseSections, lessonProgress } from '#src/db/schema/index.ts';
import { testClockNow } from '#src/domain/test-clock/read-test-clock.ts';
import { sectionOpensAt } from './drip.ts';
import { findEnrolment } from './find-lesson-access.ts';
import { summariseCourseProgress, type CourseProgress } from './progress-rules.ts';

export interface StudentCourseProgress extends CourseProgress {
  /** When each section opens for this student, in course order; `open` at the student's "now". */
  schedule: { sectionId: string; opensAt: Date; open: boolean }[];
}

/**
 * A student's progress through a course: per section, overall, where to continue, and when each
 * section opens. Only the student's own live enrolment answers; another store's course or customer
 * answers not-found, like a course they never bought.
 */
export async function getCourseProgress(db: Database, options: { storeId: string; productId: string; customerId: string; now: Date }): Promise<StudentCourseProgress> {
  const enrolment = await findEnrolment(db, { storeId: options.storeId, productId: options.productId, student: { customerId: options.customerId }, now: options.now });
  if (!enrolment || enrolment.endedAt) throw new AppError('not-found', MESSAGES.generic.notFound);
  const now = enrolment.testMode ? await testClockNow(db, { storeId: options.storeId, now: options.now }) : options.now;
  const sections = await db
    .select()
    .from(courseSections)
    .where(and(eq(courseSections.productId, options.productId), eq(courseSections.storeId, options.storeId)))
    .orderBy(asc(courseSections.position), asc(courseSections.id));
  const lessons = await db
    .select({ id: courseLessons.id, sectionId: courseLessons.sectionId })
    .from(courseLessons)
    .where(and(eq(courseLessons.productId, options.productId), eq(courseLessons.storeId, options.storeId)))
    .orderBy(asc(courseLessons.position), asc(courseLessons.id));
  const rows = await db
    .select({ lessonId: lessonProgress.lessonId, positionSeconds: lessonProgress.positionSeconds, completedAt: lessonProgress.completedAt, updatedAt: lessonProgress.updatedAt })
    .from(lessonProgress)
    .where(eq(lessonProgress.enrolmentId, enrolment.id));
  const outline = sections.map((section) => ({ id: section.id, lessonIds: lessons.filter((lesson) => lesson.sectionId === section.id).map((lesson) => lesson.id) }));
  const schedule = sections.map((section) => {
    const opensAt = sectionOpensAt(section, enrolment);
    return { sectionId: section.id, opensAt, open: opensAt.getTime() <= now.getTime() };
  });
  return { ...summariseCourseProgress(outline, rows), schedule };
}
