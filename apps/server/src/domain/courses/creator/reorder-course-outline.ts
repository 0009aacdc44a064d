import { AppError, COURSE_MESSAGES as M, type CourseOutline } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { courseLessons, courseSections } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { findCourseLessons, findCourseSections, loadCourseOutline } from './course-outline-view.ts';
import { assertCourseEditable, getOwnedCourse } from './owned-course.ts';
import { rescheduleCourseNotices } from '../unlock-notices/schedule-unlock-notice.ts';

const sameSet = (given: string[], current: string[]) => given.length === current.length && new Set(given).size === given.length && current.every((id) => given.includes(id));

/**
 * The course's new order, sections and lessons at once (a lesson may change section). Under the
 * course lock, the list must name exactly the current sections and lessons, each once: a stale
 * list (another tab added or deleted something) is refused rather than guessed at.
 */
export async function reorderCourseOutline(
  deps: { db: Database; now: Date },
  options: { userId: string; storeId: string; productId: string; sections: { sectionId: string; lessonIds: string[] }[] },
): Promise<CourseOutline> {
  return deps.db.transaction(async (tx) => {
    const { product } = await getOwnedCourse(tx, { ...options, lock: true });
    assertCourseEditable(product);
    const [sections, lessons] = [await findCourseSections(tx, product.id), await findCourseLessons(tx, product.id)];
    const givenLessons = options.sections.flatMap((section) => section.lessonIds);
    const matches =
      sameSet(options.sections.map((section) => section.sectionId), sections.map((section) => section.id)) &&
      sameSet(givenLessons, lessons.map((lesson) => lesson.id));
    if (!matches) throw new AppError('failed-precondition', M.reorderMismatch);
    // Only rows that move are written: a drag changes a few, not all 500.
    const sectionAt = new Map(sections.map((section) => [section.id, section.position]));
    const lessonAt = new Map(lessons.map((lesson) => [lesson.id, `${lesson.sectionId}:${lesson.position}`]));
    for (const [position, section] of options.sections.entries()) {
      if (sectionAt.get(section.sectionId) !== position) await tx.update(courseSections).set({ position, updatedAt: deps.now }).where(and(eq(courseSections.id, section.sectionId), eq(courseSections.productId, product.id)));
      for (const [lessonPosition, lessonId] of section.lessonIds.entries()) {
        if (lessonAt.get(lessonId) === `${section.sectionId}:${lessonPosition}`) continue;
        await tx
          .update(courseLessons)
          .set({ sectionId: section.sectionId, position: lessonPosition, updatedAt: deps.now })
          .where(and(eq(courseLessons.id, lessonId), eq(courseLessons.productId, product.id)));
      }
    }
    // A lesson moved into an empty dripped section gives it something to announce.
    await rescheduleCourseNotices(tx, { storeId: product.storeId, productId: product.id, now: deps.now });
    await notifyStorefrontChanged(tx, product.storeId);
    return loadCourseOutline(tx, product);
  });
}
