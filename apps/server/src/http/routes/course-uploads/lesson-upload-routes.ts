import { Readable } from 'node:stream';
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
import { sendError } from '#src/http/callable/callable-reply.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';
import { toWireFailure } from '#src/http/callable/to-wire-error.ts';
import { assertTrustedOrigin } from '#src/http/origin-check.ts';
import { limitBytes, PRODUCT_FILE_MESSAGES } from '../uploads/product-files.ts';

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

/** Answered with 413. */
class FileTooLargeError extends AppError {}

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
  const tooLarge = () => new FileTooLargeError('invalid-argument', PRODUCT_FILE_MESSAGES.tooLarge(maxBytes), { limitBytes: maxBytes });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler((error, request, reply) => {
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    if (error instanceof FileTooLargeError) return sendError(request, reply, error, 413);
    const failure = toWireFailure(error, request.log, maxBytes);
    return sendError(request, reply, failure.error, failure.httpStatus);
  });

  const checkFirst = (kind: LessonUpload) => async (request: FastifyRequest<{ Params: { storeId: string; lessonId: string } }>) => {
    assertTrustedOrigin(request.headers, env, kind === 'video' ? 'uploadLessonVideo' : 'uploadLessonFile');
    const caller = await resolveCaller(request, { db, now: options.now });
    if (!caller) throw new AppError('unauthenticated', MESSAGES.stores.unauthenticated);
    if (caller.kind !== 'creator') throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
    const target = { storeId: request.params.storeId, lessonId: request.params.lessonId, userId: caller.userId };
    // Malformed ids never reach the database: they answer like a lesson that does not exist.
    if (!isWellFormedId(target.storeId, 'store') || !isWellFormedId(target.lessonId, 'les')) throw new AppError('not-found', COURSE_MESSAGES.lessonNotFound);
    await assertLessonAcceptsUpload(db, { ...target, kind });
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
    targets.set(request, target);
  };

  /** Streams the body to `key`; an empty upload leaves nothing behind (`remove` also takes a video's folder). */
  async function store(request: FastifyRequest, key: string, remove: () => Promise<void>): Promise<StoredFile> {
    const body = request.body instanceof Readable ? request.body : request.raw;
    let stored: StoredFile;
    try {
      stored = await files.putStream(key, limitBytes(body, maxBytes, tooLarge));
    } catch (error) {
      await remove().catch((cause: unknown) => request.log.warn({ err: cause, key }, 'orphan lesson upload'));
      throw error instanceof FileTooLargeError ? error : request.raw.destroyed ? new AppError('cancelled') : error;
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
