// Exports the creator's lesson writes (create, update, delete, delete a file): one module because they
// share the course lock, the lesson limit, the text and embed rules and the answer shapes.
import { AppError, COURSE_LIMITS, COURSE_MESSAGES as M, parseEmbedUrl, type CourseOutline, type CreatorLesson } from '@shopfront/core';
import { and, count, eq, max } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { courseLessons, lessonFiles } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { fieldError } from '#src/domain/products/product-rules.ts';
import { sanitizeDescription } from '#src/domain/products/sanitize-description.ts';
import { assertStillPublishable } from './assert-still-publishable.ts';
import { rescheduleCourseNotices } from '../unlock-notices/schedule-unlock-notice.ts';
import { countCourseLessons } from './count-course-lessons.ts';
import { loadCourseOutline } from './course-outline-view.ts';
import { loadCreatorLesson } from './creator-lesson-view.ts';
import { deleteLessonsMedia, type MediaCleanup } from './lesson-media-cleanup.ts';
import { assertCourseEditable, getOwnedLesson, getOwnedLessonFile, getOwnedSection } from './owned-course.ts';

interface Deps {
  db: Database;
  now: Date;
}

/** The product editor's sanitiser, then the limit on what is kept. */
function cleanBody(html: string): string {
  const clean = sanitizeDescription(html);
  if (clean.length > COURSE_LIMITS.lessonBodyMax) throw fieldError('bodyHtml', M.lessonBodyTooLong);
  return clean;
}

function checkedEmbed(url: string | null): string | null {
  if (url === null) return null;
  if (!parseEmbedUrl(url)) throw fieldError('embedUrl', M.embedUrlInvalid);
  return url;
}

export async function createCourseLesson(
  deps: Deps,
  options: { userId: string; storeId: string; sectionId: string; title: string; bodyHtml: string; freePreview: boolean; embedUrl: string | null },
): Promise<CreatorLesson> {
  return deps.db.transaction(async (tx) => {
    const { product, section } = await getOwnedSection(tx, { ...options, lock: true });
    assertCourseEditable(product);
    if ((await countCourseLessons(tx, product.id)) >= COURSE_LIMITS.lessonsPerCourse) {
      throw new AppError('failed-precondition', M.tooManyLessons, { lessonsPerCourse: COURSE_LIMITS.lessonsPerCourse });
    }
    const [last] = await tx.select({ position: max(courseLessons.position) }).from(courseLessons).where(eq(courseLessons.sectionId, section.id));
    const id = newId('les');
    await tx.insert(courseLessons).values({
      id,
      storeId: product.storeId,
      productId: product.id,
      sectionId: section.id,
      title: options.title,
      bodyHtml: cleanBody(options.bodyHtml),
      position: (last?.position ?? -1) + 1,
      freePreview: options.freePreview,
      embedUrl: checkedEmbed(options.embedUrl),
      createdAt: deps.now,
      updatedAt: deps.now,
    });
    // A dripped section that was empty has something to announce now.
    if (section.dripKind !== 'immediately' && last?.position == null) await rescheduleCourseNotices(tx, { storeId: product.storeId, productId: product.id, now: deps.now });
    await notifyStorefrontChanged(tx, product.storeId);
    return loadCreatorLesson(tx, product, id);
  });
}

export interface LessonChanges {
  title?: string | undefined;
  bodyHtml?: string | undefined;
  freePreview?: boolean | undefined;
  embedUrl?: string | null | undefined;
  removeVideo?: true | undefined;
}

/** Only the fields sent change; an embed is refused while an uploaded video is attached (and kept). */
export async function updateCourseLesson(deps: Deps & MediaCleanup, options: LessonChanges & { userId: string; storeId: string; lessonId: string }): Promise<CreatorLesson> {
  const { lesson, removed } = await deps.db.transaction(async (tx) => {
    const { product, lesson } = await getOwnedLesson(tx, { ...options, lock: true });
    assertCourseEditable(product);
    const assetId = options.removeVideo ? null : lesson.videoAssetId;
    const embedUrl = options.embedUrl === undefined ? lesson.embedUrl : checkedEmbed(options.embedUrl);
    if (assetId && embedUrl) throw fieldError('embedUrl', M.embedAndVideo);
    await tx
      .update(courseLessons)
      .set({
        ...(options.title !== undefined ? { title: options.title } : {}),
        ...(options.bodyHtml !== undefined ? { bodyHtml: cleanBody(options.bodyHtml) } : {}),
        ...(options.freePreview !== undefined ? { freePreview: options.freePreview } : {}),
        videoAssetId: assetId,
        embedUrl,
        updatedAt: deps.now,
      })
      .where(and(eq(courseLessons.id, lesson.id), eq(courseLessons.storeId, product.storeId)));
    const removed = options.removeVideo && lesson.videoAssetId ? await deleteLessonsMedia(tx, { product, assetId: lesson.videoAssetId }) : null;
    await notifyStorefrontChanged(tx, product.storeId);
    return { lesson: await loadCreatorLesson(tx, product, lesson.id), removed };
  });
  if (removed) await deps.removeStored(removed);
  return lesson;
}

/** Deletes the lesson with its video, files and the progress in it; a published course keeps one lesson. */
export async function deleteCourseLesson(deps: Deps & MediaCleanup, options: { userId: string; storeId: string; lessonId: string }): Promise<CourseOutline> {
  const { outline, removed } = await deps.db.transaction(async (tx) => {
    const { product, lesson } = await getOwnedLesson(tx, { ...options, lock: true });
    assertCourseEditable(product);
    const removed = await deleteLessonsMedia(tx, { product, lessonId: lesson.id });
    await tx.delete(courseLessons).where(and(eq(courseLessons.id, lesson.id), eq(courseLessons.storeId, product.storeId)));
    await assertStillPublishable(tx, product);
    await notifyStorefrontChanged(tx, product.storeId);
    return { outline: await loadCourseOutline(tx, product), removed };
  });
  await deps.removeStored(removed);
  return outline;
}

export async function deleteLessonFile(deps: Deps & MediaCleanup, options: { userId: string; storeId: string; fileId: string }): Promise<CreatorLesson> {
  const { lesson, key } = await deps.db.transaction(async (tx) => {
    const { product, lesson, file } = await getOwnedLessonFile(tx, { ...options, lock: true });
    assertCourseEditable(product);
    await tx.delete(lessonFiles).where(and(eq(lessonFiles.id, file.id), eq(lessonFiles.storeId, product.storeId)));
    return { lesson: await loadCreatorLesson(tx, product, lesson.id), key: file.storageKey };
  });
  await deps.removeStored({ prefixes: [], keys: [key] });
  return lesson;
}

/** Lesson files of one lesson (the upload checks the limit before reading a byte, and again under the lock). */
export async function countLessonFiles(db: Executor, lessonId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lessonFiles).where(eq(lessonFiles.lessonId, lessonId));
  return row?.n ?? 0;
}
