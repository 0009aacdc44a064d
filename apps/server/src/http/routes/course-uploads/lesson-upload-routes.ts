import { AppError, COURSE_MESSAGES, isWellFormedId, MESSAGES } from '@shopfront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { assertLessonAcceptsUpload, attachLessonVideo, lessonFileKey, newLessonFileId, recordLessonFile, type LessonUpload } from '#src/domain/courses/creator/attach-lesson-media.ts';
import { mediaCleanup } from '#src/domain/courses/creator/lesson-media-cleanup.ts';
import { newVideoAssetId } from '#src/domain/courses/video/create-video-asset.ts';
import { videoAssetPrefix, videoOriginalKey } from '#src/domain/courses/video/video-asset-keys.ts';
import { productFileContentType, productFileDisplayName } from '#src/domain/products/product-file-name.ts';
import type { Env } from '#src/env.ts';
import type { FileStorage, StoredFile } from '#src/files/file-storage.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';
import { assertTrustedOrigin } from '#src/http/origin-check.ts';
import { PRODUCT_FILE_MESSAGES } from '../uploads/product-files.ts';
import { rawBodyUploads } from '../uploads/raw-body-upload.ts';

export interface LessonUploadRouteOptions {
  env: Env;
  db: Database;
  now: () => Date;
  /** Defaults to the configured storage (DATA_DIR/files or S3). */
  files?: FileStorage;
}

interface Target {
  storeId: string;
  lessonId: string;
  userId: string;
}

/**
 * A lesson's uploads (docs/courses.md "Uploads"), as product files are: the raw body, its name in
 * `X-File-Name`, the owner, Origin and lesson checked before a byte is read, streamed to storage
 * with the product file size limit enforced as it flows. Both answer 201 with the lesson.
 * - `PUT /api/stores/:storeId/courses/lessons/:lessonId/video`: the lesson's video (replacing the
 *   previous one); its transcode job is queued with it.
 * - `PUT /api/stores/:storeId/courses/lessons/:lessonId/files`: one more download of the lesson.
 */
export async function lessonUploadRoutes(app: FastifyInstance, options: LessonUploadRouteOptions): Promise<void> {
  const { env, db } = options;
  const files = options.files ?? storageFromEnv(env);
  const maxBytes = env.storage.productFileMaxBytes;
  const targets = new WeakMap<FastifyRequest, Target>();
  const uploads = rawBodyUploads(app, { maxBytes, tooLargeMessage: PRODUCT_FILE_MESSAGES.tooLarge(maxBytes) });

  const checkFirst = (kind: LessonUpload) => async (request: FastifyRequest<{ Params: { storeId: string; lessonId: string } }>) => {
    assertTrustedOrigin(request.headers, env, kind === 'video' ? 'uploadLessonVideo' : 'uploadLessonFile');
    const caller = await resolveCaller(request, { db, now: options.now });
    if (!caller) throw new AppError('unauthenticated', MESSAGES.stores.unauthenticated);
    if (caller.kind !== 'creator') throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
    const target = { storeId: request.params.storeId, lessonId: request.params.lessonId, userId: caller.userId };
    // Malformed ids never reach the database: they answer like a lesson that does not exist.
    if (!isWellFormedId(target.storeId, 'store') || !isWellFormedId(target.lessonId, 'les')) throw new AppError('not-found', COURSE_MESSAGES.lessonNotFound);
    await assertLessonAcceptsUpload(db, { ...target, kind });
    uploads.assertDeclaredSize(request);
    targets.set(request, target);
  };

  /** Streams the body to `key`; an empty upload leaves nothing behind (`remove` also takes a video's folder). */
  async function store(request: FastifyRequest, key: string, remove: () => Promise<void>): Promise<StoredFile> {
    let stored: StoredFile;
    try {
      stored = await uploads.stream(request, files, key);
    } catch (error) {
      await remove().catch((cause: unknown) => request.log.warn({ err: cause, key }, 'orphan lesson upload'));
      throw error;
    }
    if (stored.sizeBytes === 0) {
      await remove();
      throw new AppError('invalid-argument', PRODUCT_FILE_MESSAGES.empty);
    }
    return stored;
  }

  const described = (request: FastifyRequest) => ({
    name: productFileDisplayName(request.headers['x-file-name']),
    contentType: productFileContentType(request.headers['content-type']),
    now: options.now(),
  });

  app.put<{ Params: { storeId: string; lessonId: string } }>('/api/stores/:storeId/courses/lessons/:lessonId/video', {
    onRequest: checkFirst('video'),
    handler: async (request, reply) => {
      const target = targets.get(request)!;
      const assetId = newVideoAssetId();
      const key = videoOriginalKey(target.storeId, assetId);
      const remove = () => files.deletePrefix(videoAssetPrefix(target.storeId, assetId));
      const stored = await store(request, key, remove);
      try {
        const { lesson, replaced } = await attachLessonVideo(db, { ...target, ...described(request), assetId, key, stored });
        if (replaced) await mediaCleanup(files, request.log).removeStored(replaced);
        return reply.code(201).header('cache-control', 'no-store').send(lesson);
      } catch (error) {
        await remove().catch((cause: unknown) => request.log.warn({ err: cause, key }, 'orphan lesson video'));
        throw error;
      }
    },
  });

  app.put<{ Params: { storeId: string; lessonId: string } }>('/api/stores/:storeId/courses/lessons/:lessonId/files', {
    onRequest: checkFirst('file'),
    handler: async (request, reply) => {
      const target = targets.get(request)!;
      const fileId = newLessonFileId();
      const key = lessonFileKey(target.storeId, fileId);
      const stored = await store(request, key, () => files.delete(key));
      try {
        const lesson = await recordLessonFile(db, { ...target, ...described(request), fileId, key, stored });
        return reply.code(201).header('cache-control', 'no-store').send(lesson);
      } catch (error) {
        await files.delete(key).catch((cause: unknown) => request.log.warn({ err: cause, key }, 'orphan lesson file'));
        throw error;
      }
    },
  });
}
