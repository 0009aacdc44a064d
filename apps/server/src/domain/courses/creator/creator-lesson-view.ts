// Exports loadCreatorLesson: one lesson as the creator's lesson form edits it.
import { AppError, COURSE_MESSAGES as M, type CreatorLesson } from '@shopfront/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { courseLessons, lessonFiles, videoAssets, type ProductRow } from '#src/db/schema/index.ts';
import { courseCompletions, lessonVideoView, percentOf } from './course-outline-view.ts';

/** One lesson of the course with its text, video and files, as the lesson form edits it. */
export async function loadCreatorLesson(db: Executor, product: Pick<ProductRow, 'id' | 'storeId'>, lessonId: string): Promise<CreatorLesson> {
  const [lesson] = await db
    .select()
    .from(courseLessons)
    .where(and(eq(courseLessons.id, lessonId), eq(courseLessons.productId, product.id), eq(courseLessons.storeId, product.storeId)));
  if (!lesson) throw new AppError('not-found', M.lessonNotFound);
  const [asset] = lesson.videoAssetId ? await db.select().from(videoAssets).where(and(eq(videoAssets.id, lesson.videoAssetId), eq(videoAssets.storeId, product.storeId))) : [];
  const files = await db.select().from(lessonFiles).where(eq(lessonFiles.lessonId, lesson.id)).orderBy(asc(lessonFiles.position), asc(lessonFiles.id));
  const completions = await courseCompletions(db, product.id);
  return {
    id: lesson.id,
    sectionId: lesson.sectionId,
    title: lesson.title,
    position: lesson.position,
    freePreview: lesson.freePreview,
    video: lessonVideoView(asset),
    embedUrl: lesson.embedUrl,
    fileCount: files.length,
    completionPercent: percentOf(completions.completedByLesson.get(lesson.id) ?? 0, completions.students),
    bodyHtml: lesson.bodyHtml,
    files: files.map((file) => ({ id: file.id, name: file.name, sizeBytes: file.sizeBytes, contentType: file.contentType })),
  };
}
