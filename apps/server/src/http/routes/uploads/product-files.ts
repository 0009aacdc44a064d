import { Readable, Transform } from 'node:stream';
import { AppError, MESSAGES } from '@shopfront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { productFileContentType, productFileDisplayName } from '#src/domain/products/product-file-name.ts';
import { assertProductAcceptsFile, newProductFileId, productFileKey, recordProductFile } from '#src/domain/products/product-files.ts';
import type { Env } from '#src/env.ts';
import type { FileStorage, StoredFile } from '#src/files/file-storage.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { sendError } from '#src/http/callable/callable-reply.ts';
import { assertTrustedOrigin } from '#src/http/origin-check.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';
import { toWireFailure } from '#src/http/callable/to-wire-error.ts';
import type { AnswerCache } from '#src/http/callable/answer-cache.ts';

export const PRODUCT_FILE_MESSAGES = {
  tooLarge: (maxBytes: number) => `Files must be ${Number((maxBytes / 1024 ** 2).toFixed(2))} MB or smaller.`,
  empty: 'The file is empty.',
} as const;

export interface ProductFileRouteOptions {
  env: Env;
  db: Database;
  now: () => Date;
  /** Defaults to the configured storage (DATA_DIR/files or S3). */
  files?: FileStorage;
  /** The kept dashboard answers (http/callable/answer-cache.ts): the uploader's go before the answer, so their next list shows the file. */
  answers?: Pick<AnswerCache, 'dropCreator'>;
}

interface Target {
  storeId: string;
  productId: string;
  userId: string;
}

/** Answered with 413. */
class FileTooLargeError extends AppError {}

/**
 * Product files (docs/selling.md). `PUT /api/stores/:storeId/products/:productId/files`
 * takes the file as the raw body (any Content-Type) with its name in `X-File-Name`. The owner,
 * the Origin and the product are checked before a byte is read; the body is streamed to storage
 * (never buffered) with its size limited as it flows. Answers 201 with the updated product.
 */
export async function productFileRoutes(app: FastifyInstance, options: ProductFileRouteOptions): Promise<void> {
  const { env, db } = options;
  const files = options.files ?? storageFromEnv(env);
  const maxBytes = env.storage.productFileMaxBytes;
  const targets = new WeakMap<FastifyRequest, Target>();
  const tooLarge = () => new FileTooLargeError('invalid-argument', PRODUCT_FILE_MESSAGES.tooLarge(maxBytes), { limitBytes: maxBytes });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler((error, request, reply) => {
    // Refused before or while reading: the rest of the body is not wanted, so do not wait for it.
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    if (error instanceof FileTooLargeError) return sendError(request, reply, error, 413);
    const failure = toWireFailure(error, request.log, maxBytes);
    return sendError(request, reply, failure.error, failure.httpStatus);
  });

  app.put<{ Params: { storeId: string; productId: string } }>('/api/stores/:storeId/products/:productId/files', {
    // Before the body is read: nobody streams a file into a product they do not own.
    onRequest: async (request) => {
      assertTrustedOrigin(request.headers, env, 'uploadProductFile');
      const caller = await resolveCaller(request, { db, now: options.now });
      if (!caller) throw new AppError('unauthenticated', MESSAGES.stores.unauthenticated);
      if (caller.kind !== 'creator') throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
      const target = { storeId: request.params.storeId, productId: request.params.productId, userId: caller.userId };
      const { product } = await assertProductAcceptsFile(db, target);
      if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
      targets.set(request, { ...target, storeId: product.storeId, productId: product.id });
    },
    handler: async (request, reply) => {
      const target = targets.get(request)!;
      const fileId = newProductFileId();
      const key = productFileKey(target.storeId, fileId);
      const body = request.body instanceof Readable ? request.body : request.raw;
      let stored: StoredFile;
      try {
        stored = await files.putStream(key, limitBytes(body, maxBytes, tooLarge));
      } catch (error) {
        throw error instanceof FileTooLargeError ? error : request.raw.destroyed ? new AppError('cancelled') : error;
      }
      try {
        if (stored.sizeBytes === 0) throw new AppError('invalid-argument', PRODUCT_FILE_MESSAGES.empty);
        const product = await recordProductFile({
          db,
          ...target,
          fileId,
          name: productFileDisplayName(request.headers['x-file-name']),
          contentType: productFileContentType(request.headers['content-type']),
          stored,
          now: options.now(),
        });
        options.answers?.dropCreator(target.userId);
        return reply.code(201).header('cache-control', 'no-store').send(product);
      } catch (error) {
        await files.delete(key).catch((cause: unknown) => request.log.warn({ err: cause, key }, 'orphan product file'));
        throw error;
      }
    },
  });
}

/** The body, failing as soon as it passes `maxBytes` (a missing or false Content-Length cannot sneak past). */
export function limitBytes(body: Readable, maxBytes: number, tooLarge: () => Error): Readable {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(tooLarge());
      else done(null, chunk);
    },
  });
  body.on('error', (error) => limiter.destroy(error));
  // A client that goes away mid-upload must not leave the storage write waiting forever.
  body.on('close', () => {
    if (!body.readableEnded) limiter.destroy(new Error('upload aborted'));
  });
  return body.pipe(limiter);
}
