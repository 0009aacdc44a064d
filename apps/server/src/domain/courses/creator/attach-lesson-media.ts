// Exports the lesson upload rules (assertLessonAcceptsUpload, attachLessonVideo, recordLessonFile): one module
// because the upload route checks them before reading a byte and again under the course lock.
import { AppError, COURSE_LIMITS, COURSE_MESSAGES as M, type CreatorLesson } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { courseLessons, lessonFiles, videoAssets } from '#src/db/schema/index.ts';
import type { StoredFile } from '#src/files/file-storage.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { TRANSCODE_VIDEO_KIND, type TranscodeVideoPayload } from '../video/transcode-video-job.ts';
import { countLessonFiles } from './course-lessons.ts';
import { loadCreatorLesson } from './creator-lesson-view.ts';
import { deleteLessonsMedia, type StoredMedia } from './lesson-media-cleanup.ts';
import { assertCourseEditable, getOwnedLesson } from './owned-course.ts';

export type LessonUpload = 'video' | 'file';

interface LessonRef {
  userId: string;
  storeId: string;
  lessonId: string;
}

/** Server-built (SECURITY: never a path from the client). */
export const lessonFileKey = (storeId: string, fileId: string) => `${storeId}/courses/files/${fileId}`;
export const newLessonFileId = () => newId('lfile');

/** Before a byte is read, and again under the lock: the caller's lesson, editable, with room for the upload. */
export async function assertLessonAcceptsUpload(db: Executor, options: LessonRef & { kind: LessonUpload; lock?: boolean }) {
  const owned = await getOwnedLesson(db, options);
  assertCourseEditable(owned.product);
  if (options.kind === 'video' && owned.lesson.embedUrl) throw new AppError('failed-precondition', M.videoAndEmbed);
  if (options.kind === 'file' && (await countLessonFiles(db, owned.lesson.id)) >= COURSE_LIMITS.filesPerLesson) {
    throw new AppError('failed-precondition', M.tooManyFiles, { filesPerLesson: COURSE_LIMITS.filesPerLesson });
  }
  return owned;
}

export interface UploadedFile {
  /** Where the route already put the bytes. */
  key: string;
  name: string;
  contentType: string;
  stored: StoredFile;
  now: Date;
}

/**
 * Makes the uploaded original the lesson's video: its asset row and its transcode job in one
 * transaction with the lesson (decision 042), replacing a previous video, whose files the caller
 * removes after commit.
 */
export async function attachLessonVideo(db: Database, options: LessonRef & UploadedFile & { assetId: string }): Promise<{ lesson: CreatorLesson; replaced: StoredMedia | null }> {
  return db.transaction(async (tx) => {
    const { product, lesson } = await assertLessonAcceptsUpload(tx, { ...options, kind: 'video', lock: true });
    await tx.insert(videoAssets).values({
      id: options.assetId,
      storeId: product.storeId,
      productId: product.id,
      originalKey: options.key,
      originalName: options.name,
      originalSizeBytes: options.stored.sizeBytes,
      originalContentType: options.contentType,
      createdAt: options.now,
      updatedAt: options.now,
    });
    const payload: TranscodeVideoPayload = { assetId: options.assetId, storeId: product.storeId };
    await enqueueJob(tx, TRANSCODE_VIDEO_KIND, payload, { idempotencyKey: options.assetId });
    await tx.update(courseLessons).set({ videoAssetId: options.assetId, updatedAt: options.now }).where(and(eq(courseLessons.id, lesson.id), eq(courseLessons.storeId, product.storeId)));
    const replaced = lesson.videoAssetId ? await deleteLessonsMedia(tx, { product, assetId: lesson.videoAssetId }) : null;
    return { lesson: await loadCreatorLesson(tx, product, lesson.id), replaced };
  });
}

/** The row of a lesson download already in storage, last in the lesson's files, under the lock (the limit holds under races). */
export async function recordLessonFile(db: Database, options: LessonRef & UploadedFile & { fileId: string }): Promise<CreatorLesson> {
  return db.transaction(async (tx) => {
    const { product, lesson } = await assertLessonAcceptsUpload(tx, { ...options, kind: 'file', lock: true });
    await tx.insert(lessonFiles).values({
      id: options.fileId,
      storeId: product.storeId,
      lessonId: lesson.id,
      name: options.name,
      sizeBytes: options.stored.sizeBytes,
      contentType: options.contentType,
      storageKey: options.key,
      sha256: options.stored.sha256,
      position: await countLessonFiles(tx, lesson.id),
      createdAt: options.now,
    });
    return loadCreatorLesson(tx, product, lesson.id);
  });
}
