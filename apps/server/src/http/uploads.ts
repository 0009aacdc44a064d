import { randomBytes } from 'node:crypto';
import { AppError, MESSAGES } from '@shopfront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { getOwnedStore } from '../domain/stores/assert-store-owner.ts';
import type { Env } from '../env.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { storageFromEnv } from '../files/storage-from-env.ts';
import { sendError } from './callable-reply.ts';
import { assertTrustedOrigin } from './origin-check.ts';
import { resolveCaller } from './resolve-caller.ts';
import { toWireFailure } from './to-wire-error.ts';
import { IMAGE_TYPES, imageTypeOfName, sniffImage } from './uploads-sniff.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MESSAGES = {
  tooLarge: 'Images must be 2 MB or smaller.',
  notImage: 'Please upload a PNG, JPEG, WebP or GIF image.',
  fileNotFound: 'File not found',
} as const;

const DECLARED_TYPES = new Set<string>(Object.values(IMAGE_TYPES));
const STORE_ID = /^[a-z0-9_]{1,100}$/;
const FILE_NAME = /^[a-z0-9-]{1,100}\.(png|jpg|webp|gif)$/;

export interface UploadOptions {
  env: Env;
  db: Database;
  now: () => Date;
  /** Defaults to the configured storage (DATA_DIR/files). */
  files?: FileStorage;
}

/**
 * Issue 4 store builder images. `POST /api/stores/:storeId/avatar` takes the image as the raw
 * body (Content-Type image/png|jpeg|webp|gif, at most 2 MB), checks the owner before reading it,
 * trusts only the magic bytes, and answers `{url}`. `GET /files/:storeId/:name` serves it.
 */
export async function uploadRoutes(app: FastifyInstance, options: UploadOptions): Promise<void> {
  const { env, db } = options;
  const files = options.files ?? storageFromEnv(env);
  const storeOf = new WeakMap<FastifyRequest, string>();

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error, request, reply) => {
    const failure = toWireFailure(error, request.log, AVATAR_MAX_BYTES);
    if (failure.httpStatus === 413) {
      return sendError(request, reply, new AppError('invalid-argument', UPLOAD_MESSAGES.tooLarge, { limitBytes: AVATAR_MAX_BYTES }), 413);
    }
    return sendError(request, reply, failure.error, failure.httpStatus);
  });

  app.post<{ Params: { storeId: string } }>('/api/stores/:storeId/avatar', {
    bodyLimit: AVATAR_MAX_BYTES,
    // Before the body is read: nobody streams 2 MB into a store they do not own.
    onRequest: async (request) => {
      assertTrustedOrigin(request.headers, env, 'uploadStoreAvatar');
      const caller = await resolveCaller(request, { db, now: options.now });
      if (!caller) throw new AppError('unauthenticated', MESSAGES.stores.unauthenticated);
      if (caller.kind !== 'creator') throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
      const store = await getOwnedStore(db, { storeId: request.params.storeId, userId: caller.userId });
      storeOf.set(request, store.id);
    },
    handler: async (request, reply) => {
      const storeId = storeOf.get(request)!;
      const declared = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const extension = DECLARED_TYPES.has(declared) ? sniffImage(body) : null;
      if (!extension) throw new AppError('invalid-argument', UPLOAD_MESSAGES.notImage);
      const name = `avatar-${randomBytes(12).toString('hex')}.${extension}`;
      await files.put(`${storeId}/${name}`, body);
      return reply.code(201).header('cache-control', 'no-store').send({ url: `/files/${storeId}/${name}` });
    },
  });

  app.get<{ Params: { storeId: string; name: string } }>('/files/:storeId/:name', async (request, reply) => {
    const { storeId, name } = request.params;
    const type = FILE_NAME.test(name) && STORE_ID.test(storeId) ? imageTypeOfName(name) : null;
    const body = type ? await files.get(`${storeId}/${name}`) : null;
    if (!type || !body) throw new AppError('not-found', UPLOAD_MESSAGES.fileNotFound);
    // Names are random and never reused, so the bytes behind a URL never change.
    return reply
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(body);
  });
}
