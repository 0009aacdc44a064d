import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, isResumableUploadKind, MESSAGES, RESUMABLE_UPLOAD_MESSAGES, RESUMABLE_UPLOAD_PATH } from '@shopfront/core';
import { Server } from '@tus/server';
import { Metadata, type Upload } from '@tus/utils';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { resumableStoreFromEnv, type ResumableStore } from '#src/files/resumable-store.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import type { AnswerCache } from '#src/http/callable/answer-cache.ts';
import { sendError } from '#src/http/callable/callable-reply.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';
import { toWireFailure } from '#src/http/callable/to-wire-error.ts';
import { assertTrustedOrigin } from '#src/http/origin-check.ts';
import { PRODUCT_FILE_MESSAGES } from '../uploads/product-files.ts';
import { finishUpload } from './finish-upload.ts';
import { targetOf, uploadTargets, type UploadTarget } from './upload-targets.ts';

export interface ResumableUploadRouteOptions {
  env: Env;
  db: Database;
  now: () => Date;
  /** Defaults to the configured storage (DATA_DIR/files or S3). */
  files?: FileStorage;
  /** Defaults to the configured place for unfinished uploads (files/resumable-store.ts). */
  store?: ResumableStore;
  answers?: Pick<AnswerCache, 'dropCreator'>;
}

/** Answered with 413, like the single-request route. */
class UploadTooLargeError extends AppError {}

/** tus's own upload ids (@tus/utils Uid: 16 random bytes in hex). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * Resumable uploads (tus 1.0, decision 048) of product files and lesson videos and files.
 * `POST /api/uploads/resumable` creates one (Upload-Length and Upload-Metadata: kind, storeId,
 * parentId, filename, filetype); `HEAD`, `PATCH` and `DELETE /api/uploads/resumable/:id` read
 * its offset, append bytes and cancel it. Every request is checked here before @tus/server sees
 * it: the Origin (but HEAD, which changes nothing and which browsers send without one), the
 * signed-in creator, the upload being theirs, and for a creation or a PATCH that the product or
 * lesson still takes it. The last byte moves the file into file storage and writes the same row
 * as the single-request routes; that PATCH answers 200 with the product or lesson.
 */
export async function resumableUploadRoutes(app: FastifyInstance, options: ResumableUploadRouteOptions): Promise<void> {
  const { env, db } = options;
  const files = options.files ?? storageFromEnv(env);
  const store = options.store ?? resumableStoreFromEnv(env);
  const maxBytes = env.storage.productFileMaxBytes;
  const tooLarge = () => new UploadTooLargeError('invalid-argument', PRODUCT_FILE_MESSAGES.tooLarge(maxBytes), { limitBytes: maxBytes });
  const creations = new WeakMap<IncomingMessage, { target: UploadTarget; filename: string; filetype: string }>();

  const tus = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: store,
    maxSize: maxBytes,
    relativeLocation: true,
    // The server keeps its own metadata: who uploads, and what for (checked in `checkCreation`).
    async onUploadCreate(request) {
      const creation = creations.get(nodeRequestOf(request));
      if (!creation) throw { status_code: 500, body: 'unchecked creation' };
      const { target, filename, filetype } = creation;
      return { metadata: { ...target, filename, filetype } };
    },
    async onUploadFinish(_request, upload) {
      return finishUpload({ db, files, store, answers: options.answers, log: app.log, now: options.now(), upload });
    },
  });

  app.removeAllContentTypeParsers();
  // @tus/server reads the body itself.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.setErrorHandler((error, request, reply) => {
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    if (error instanceof UploadTooLargeError) return sendError(request, reply, error, 413);
    const failure = toWireFailure(error, request.log, maxBytes);
    return sendError(request, reply, failure.error, failure.httpStatus);
  });

  async function creatorOf(request: FastifyRequest): Promise<string> {
    if (request.method !== 'HEAD') assertTrustedOrigin(request.headers, env, 'resumableUpload');
    const caller = await resolveCaller(request, { db, now: options.now });
    if (!caller) throw new AppError('unauthenticated', MESSAGES.stores.unauthenticated);
    if (caller.kind !== 'creator') throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
    return caller.userId;
  }

  async function checkCreation(request: FastifyRequest): Promise<void> {
    const userId = await creatorOf(request);
    const metadata = parseMetadata(request.headers['upload-metadata']);
    if (!isResumableUploadKind(metadata.kind)) throw new AppError('invalid-argument', MESSAGES.generic.invalidArgument);
    const target: UploadTarget = { kind: metadata.kind, userId, storeId: metadata.storeId ?? '', parentId: metadata.parentId ?? '' };
    await uploadTargets[target.kind].assertAccepts(db, target);
    const length = request.headers['upload-length'];
    if (typeof length !== 'string' || !/^\d{1,16}$/.test(length)) throw new AppError('invalid-argument', RESUMABLE_UPLOAD_MESSAGES.lengthRequired);
    if (Number(length) === 0) throw new AppError('invalid-argument', PRODUCT_FILE_MESSAGES.empty);
    if (Number(length) > maxBytes) throw tooLarge();
    creations.set(request.raw, { target, filename: metadata.filename ?? '', filetype: metadata.filetype ?? '' });
  }

  async function checkUpload(request: FastifyRequest<{ Params: { uploadId: string } }>): Promise<void> {
    const userId = await creatorOf(request);
    const upload = await findUpload(store, request.params.uploadId);
    const target = upload && targetOf(upload);
    // Unknown, swept, finished or another creator's: one answer, so ids reveal nothing.
    if (!target || target.userId !== userId || upload.offset === upload.size) throw new AppError('not-found', RESUMABLE_UPLOAD_MESSAGES.notFound);
    if (request.method === 'PATCH') await uploadTargets[target.kind].assertAccepts(db, target);
  }

  const handOver = async (request: FastifyRequest, reply: { hijack(): void; getHeaders(): Record<string, unknown>; raw: ServerResponse }) => {
    // A hijacked reply skips Fastify's sending, so the security and CORS headers set in onRequest
    // go onto the raw response here, before @tus/server writes its own.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string | number | readonly string[]);
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  app.post(RESUMABLE_UPLOAD_PATH, { onRequest: checkCreation }, handOver);
  app.route<{ Params: { uploadId: string } }>({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${RESUMABLE_UPLOAD_PATH}/:uploadId`, onRequest: checkUpload, handler: handOver });
}

function parseMetadata(header: string | string[] | undefined): Record<string, string | null> {
  try {
    return Metadata.parse(typeof header === 'string' ? header : undefined);
  } catch {
    throw new AppError('invalid-argument', MESSAGES.generic.invalidArgument);
  }
}

async function findUpload(store: ResumableStore, id: string): Promise<Upload | null> {
  if (!UPLOAD_ID.test(id)) return null;
  try {
    return await store.getUpload(id);
  } catch {
    return null;
  }
}

/** @tus/server hands hooks a web Request; on Node it carries the original request (srvx). */
function nodeRequestOf(request: Request): IncomingMessage {
  return (request as Request & { runtime: { node: { req: IncomingMessage } } }).runtime.node.req;
}
