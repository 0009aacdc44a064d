// Exports what each kind of resumable upload checks and becomes (uploadTargets): one module because the
// creation, every PATCH and the last byte ask the same kind-by-kind questions.
import { AppError, COURSE_MESSAGES, isResumableUploadKind, isWellFormedId, type ResumableUploadKind } from '@shopfront/core';
import type { Upload } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { assertLessonAcceptsUpload, attachLessonVideo, lessonFileKey, newLessonFileId, recordLessonFile } from '#src/domain/courses/creator/attach-lesson-media.ts';
import { mediaCleanup } from '#src/domain/courses/creator/lesson-media-cleanup.ts';
import { newVideoAssetId } from '#src/domain/courses/video/create-video-asset.ts';
import { videoAssetPrefix, videoOriginalKey } from '#src/domain/courses/video/video-asset-keys.ts';
import { assertProductAcceptsFile, newProductFileId, productFileKey, recordProductFile } from '#src/domain/products/product-files.ts';
import type { FileStorage, StoredFile } from '#src/files/file-storage.ts';

/** Who uploads what, as the server recorded it at creation (never read back from the client). */
export interface UploadTarget {
  kind: ResumableUploadKind;
  userId: string;
  storeId: string;
  parentId: string;
}

export interface FinishedFile {
  name: string;
  contentType: string;
  now: Date;
}

interface TargetRules {
  /** At creation and before every PATCH: the caller's product or lesson, still taking this upload. */
  assertAccepts(db: Database, target: UploadTarget): Promise<void>;
  /** Where the finished file goes: a new server-built key, and what removes it again. */
  place(storeId: string): { id: string; key: string; remove: (files: FileStorage) => Promise<void> };
  /** The row the old single-request route wrote, in one transaction; answers the updated product or lesson. */
  record(db: Database, target: UploadTarget, placed: { id: string; key: string; stored: StoredFile }, file: FinishedFile, cleanup: { files: FileStorage; log: FastifyBaseLogger }): Promise<unknown>;
}

const lessonRef = (target: UploadTarget) => ({ userId: target.userId, storeId: target.storeId, lessonId: target.parentId });

/** Malformed ids never reach the database: they answer like a lesson that does not exist. */
function assertLessonIds(target: UploadTarget): void {
  if (!isWellFormedId(target.storeId, 'store') || !isWellFormedId(target.parentId, 'les')) throw new AppError('not-found', COURSE_MESSAGES.lessonNotFound);
}

export const uploadTargets: Record<ResumableUploadKind, TargetRules> = {
  productFile: {
    async assertAccepts(db, target) {
      await assertProductAcceptsFile(db, { userId: target.userId, storeId: target.storeId, productId: target.parentId });
    },
    place(storeId) {
      const id = newProductFileId();
      const key = productFileKey(storeId, id);
      return { id, key, remove: (files) => files.delete(key) };
    },
    record(db, target, placed, file) {
      return recordProductFile({ db, userId: target.userId, storeId: target.storeId, productId: target.parentId, fileId: placed.id, stored: placed.stored, ...file });
    },
  },
  lessonVideo: {
    async assertAccepts(db, target) {
      assertLessonIds(target);
      await assertLessonAcceptsUpload(db, { ...lessonRef(target), kind: 'video' });
    },
    place(storeId) {
      const id = newVideoAssetId();
      return { id, key: videoOriginalKey(storeId, id), remove: (files) => files.deletePrefix(videoAssetPrefix(storeId, id)) };
    },
    async record(db, target, placed, file, cleanup) {
      // The asset row and its transcode job are written with the lesson (decision 042).
      const { lesson, replaced } = await attachLessonVideo(db, { ...lessonRef(target), ...file, assetId: placed.id, key: placed.key, stored: placed.stored });
      if (replaced) await mediaCleanup(cleanup.files, cleanup.log).removeStored(replaced);
      return lesson;
    },
  },
  lessonFile: {
    async assertAccepts(db, target) {
      assertLessonIds(target);
      await assertLessonAcceptsUpload(db, { ...lessonRef(target), kind: 'file' });
    },
    place(storeId) {
      const id = newLessonFileId();
      const key = lessonFileKey(storeId, id);
      return { id, key, remove: (files) => files.delete(key) };
    },
    record(db, target, placed, file) {
      return recordLessonFile(db, { ...lessonRef(target), ...file, fileId: placed.id, key: placed.key, stored: placed.stored });
    },
  },
};

/** What the server recorded at creation; null for anything it did not write. */
export function targetOf(upload: Upload): UploadTarget | null {
  const metadata = upload.metadata ?? {};
  const { kind, userId, storeId, parentId } = metadata;
  if (!isResumableUploadKind(kind) || !userId || !storeId || !parentId) return null;
  return { kind, userId, storeId, parentId };
}
