import { randomBytes } from 'node:crypto';
import { AppError, MESSAGES } from '@shopfront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import type { Env } from '#src/env.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { toWebp, type ImageUse } from '#src/files/resize-image.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { sendError } from '#src/http/callable/callable-reply.ts';
import { assertTrustedOrigin } from '#src/http/origin-check.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';
import { toWireFailure } from '#src/http/callable/to-wire-error.ts';
import { IMAGE_TYPES, imageTypeOfName, sniffImage } from './uploads-sniff.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MESSAGES = {
  tooLarge: 'Images must be 2 MB or smaller.',
  imageTooLarge: 'Images must be 5 MB or smaller.',
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
 * Store builder images. `POST /api/stores/:storeId/avatar` takes the image as the raw
 * body (Content-Type image/png|jpeg|webp|gif, at most 2 MB), checks the owner before reading it,
 * trusts only the magic bytes, and answers `{url}`. `GET /files/:storeId/:name` serves it.
 * `POST /api/stores/:storeId/images` does the same for product covers (at most 5 MB).
 * Both are re-encoded as WebP without metadata: avatars 400×400, covers at most 1200 px wide.
 */
export async function uploadRoutes(app: FastifyInstance, options: UploadOptions): Promise<void> {
  const { env, db } = options;
  const files = options.files ?? storageFromEnv(env);
  const storeOf = new WeakMap<FastifyRequest, string>();

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error, request, reply) => {
    const limitBytes = request.routeOptions.bodyLimit ?? AVATAR_MAX_BYTES;
    const failure = toWireFailure(error, request.log, limitBytes);
    if (failure.httpStatus === 413) {
      const message = limitBytes === IMAGE_MAX_BYTES ? UPLOAD_MESSAGES.imageTooLarge : UPLOAD_MESSAGES.tooLarge;
      return sendError(request, reply, new AppError('invalid-argument', message, { limitBytes }), 413);
    }
    return sendError(request, reply, failure.error, failure.httpStatus);
  });

  // Before the body is read: nobody streams megabytes into a store they do not own.
  const checkOwner = (functionName: string) => async (request: FastifyRequest<{ Params: { storeId: string } }>) => {
    assertTrustedOrigin(request.headers, env, functionName);
    const caller = await resolveCaller(request, { db, now: options.now });
    if (!caller) throw new AppError('unauthenticated', MESSAGES.stores.unauthenticated);
    if (caller.kind !== 'creator') throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
    const store = await getOwnedStore(db, { storeId: request.params.storeId, userId: caller.userId });
    storeOf.set(request, store.id);
  };

  /** Magic bytes first (never the declared type alone), then a full decode and re-encode. */
  const storeImage = async (request: FastifyRequest, use: ImageUse, prefix: string) => {
    const storeId = storeOf.get(request)!;
    const declared = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const webp = DECLARED_TYPES.has(declared) && sniffImage(body) ? await toWebp(body, use) : null;
    if (!webp) throw new AppError('invalid-argument', UPLOAD_MESSAGES.notImage);
    const name = `${prefix}${randomBytes(12).toString('hex')}.webp`;
    await files.put(`${storeId}/${name}`, webp);
    return { url: `/files/${storeId}/${name}` };
  };

  app.post<{ Params: { storeId: string } }>('/api/stores/:storeId/avatar', {
    bodyLimit: AVATAR_MAX_BYTES,
    onRequest: checkOwner('uploadStoreAvatar'),
    handler: async (request, reply) =>
      reply.code(201).header('cache-control', 'no-store').send(await storeImage(request, 'avatar', 'avatar-')),
  });

  app.post<{ Params: { storeId: string } }>('/api/stores/:storeId/images', {
    bodyLimit: IMAGE_MAX_BYTES,
    onRequest: checkOwner('uploadStoreImage'),
    handler: async (request, reply) =>
      reply.code(201).header('cache-control', 'no-store').send(await storeImage(request, 'cover', 'image-')),
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
