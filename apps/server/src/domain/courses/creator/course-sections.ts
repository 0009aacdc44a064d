// Exports the creator's section writes (create, rename, delete, set drip): one module because they
// share the course lock, the section limit and the answer (the outline after the change).
import { AppError, COURSE_LIMITS, COURSE_MESSAGES as M, type CourseOutline, type Drip } from '@shopfront/core';
import { and, count, eq, max } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { courseSections } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { assertCourseEditable, getOwnedCourse, getOwnedSection } from './owned-course.ts';
import { loadCourseOutline } from './course-outline-view.ts';
import { deleteLessonsMedia, type MediaCleanup } from './lesson-media-cleanup.ts';
import { assertStillPublishable } from './assert-still-publishable.ts';
import { rescheduleCourseNotices } from '../unlock-notices/schedule-unlock-notice.ts';

interface Deps {
  db: Database;
  now: Date;
}

function dripColumns(drip: Drip) {
  switch (drip.kind) {
    case 'immediately':
      return { dripKind: 'immediately' as const, dripDays: null, dripDate: null };
    case 'after-days':
      return { dripKind: 'after-days' as const, dripDays: drip.days, dripDate: null };
    case 'on-date':
      return { dripKind: 'on-date' as const, dripDays: null, dripDate: new Date(drip.date) };
  }
}

export async function createCourseSection(deps: Deps, options: { userId: string; storeId: string; productId: string; title: string; drip?: Drip | undefined }): Promise<CourseOutline> {
  return deps.db.transaction(async (tx) => {
    const { product } = await getOwnedCourse(tx, { ...options, lock: true });
    assertCourseEditable(product);
    const [stats] = await tx.select({ n: count(), last: max(courseSections.position) }).from(courseSections).where(eq(courseSections.productId, product.id));
    if ((stats?.n ?? 0) >= COURSE_LIMITS.sectionsPerCourse) {
      throw new AppError('failed-precondition', M.tooManySections, { sectionsPerCourse: COURSE_LIMITS.sectionsPerCourse });
    }
    await tx.insert(courseSections).values({
      id: newId('csec'),
      storeId: product.storeId,
      productId: product.id,
      title: options.title,
      position: (stats?.last ?? -1) + 1,
      ...dripColumns(options.drip ?? { kind: 'immediately' }),
      createdAt: deps.now,
      updatedAt: deps.now,
    });
    return loadCourseOutline(tx, product);
  });
}

/** Rename or re-drip: the section's own row, under the course lock. */
export async function updateCourseSection(
  deps: Deps,
  options: { userId: string; storeId: string; sectionId: string; title?: string | undefined; drip?: Drip | undefined },
): Promise<CourseOutline> {
  return deps.db.transaction(async (tx) => {
    const { product, section } = await getOwnedSection(tx, { ...options, lock: true });
    assertCourseEditable(product);
    await tx
      .update(courseSections)
      .set({ ...(options.title !== undefined ? { title: options.title } : {}), ...(options.drip ? dripColumns(options.drip) : {}), updatedAt: deps.now })
      .where(and(eq(courseSections.id, section.id), eq(courseSections.storeId, product.storeId)));
    // The new opening time gets each student's "new lessons unlocked" check.
    if (options.drip) await rescheduleCourseNotices(tx, { storeId: product.storeId, productId: product.id, now: deps.now });
    return loadCourseOutline(tx, product);
  });
}

/**
 * Deletes the section, its lessons (cascade), their files and videos, and the progress in them.
 * A published course keeps at least one lesson (publishIssue): unpublish it first.
 */
export async function deleteCourseSection(deps: Deps & MediaCleanup, options: { userId: string; storeId: string; sectionId: string }): Promise<CourseOutline> {
  const { outline, prefixes } = await deps.db.transaction(async (tx) => {
    const { product, section } = await getOwnedSection(tx, { ...options, lock: true });
    assertCourseEditable(product);
    const prefixes = await deleteLessonsMedia(tx, { product, sectionId: section.id });
    await tx.delete(courseSections).where(and(eq(courseSections.id, section.id), eq(courseSections.storeId, product.storeId)));
    await assertStillPublishable(tx, product);
    await notifyStorefrontChanged(tx, product.storeId);
    return { outline: await loadCourseOutline(tx, product), prefixes };
  });
  await deps.removeStored(prefixes);
  return outline;
}
