import { AppError, MESSAGES } from '@shopfront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { productFileContentType, productFileDisplayName } from '#src/domain/products/product-file-name.ts';
import { assertProductAcceptsFile, newProductFileId, productFileKey, recordProductFile } from '#src/domain/products/product-files.ts';
import type { Env } from '#src/env.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { assertTrustedOrigin } from '#src/http/origin-check.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';
import type { AnswerCache } from '#src/http/callable/answer-cache.ts';
import { rawBodyUploads } from './raw-body-upload.ts';

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
  const uploads = rawBodyUploads(app, { maxBytes, tooLargeMessage: PRODUCT_FILE_MESSAGES.tooLarge(maxBytes) });

  app.put<{ Params: { storeId: string; productId: string } }>('/api/stores/:storeId/products/:productId/files', {
    // Before the body is read: nobody streams a file into a product they do not own.
    onRequest: async (request) => {
      assertTrustedOrigin(request.headers, env, 'uploadProductFile');
      const caller = await resolveCaller(request, { db, now: options.now });
      if (!caller) throw new AppError('unauthenticated', MESSAGES.stores.unauthenticated);
      if (caller.kind !== 'creator') throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
      const target = { storeId: request.params.storeId, productId: request.params.productId, userId: caller.userId };
      const { product } = await assertProductAcceptsFile(db, target);
      uploads.assertDeclaredSize(request);
      targets.set(request, { ...target, storeId: product.storeId, productId: product.id });
    },
    handler: async (request, reply) => {
      const target = targets.get(request)!;
      const fileId = newProductFileId();
      const key = productFileKey(target.storeId, fileId);
      const stored = await uploads.stream(request, files, key);
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
