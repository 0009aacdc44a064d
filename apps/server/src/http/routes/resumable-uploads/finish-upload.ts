import { encodeError } from '@shopfront/core';
import type { Upload } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { productFileContentType, productFileDisplayName } from '#src/domain/products/product-file-name.ts';
import type { FileStorage, StoredFile } from '#src/files/file-storage.ts';
import type { ResumableStore } from '#src/files/resumable-store.ts';
import type { AnswerCache } from '#src/http/callable/answer-cache.ts';
import { toWireFailure } from '#src/http/callable/to-wire-error.ts';
import { targetOf, uploadTargets } from './upload-targets.ts';

export interface FinishUploadOptions {
  db: Database;
  files: FileStorage;
  store: ResumableStore;
  answers?: Pick<AnswerCache, 'dropCreator'> | undefined;
  log: FastifyBaseLogger;
  now: Date;
  upload: Upload;
}

/**
 * The last byte arrived: the file is copied into file storage under a new server-built key
 * (its size and SHA-256 taken as it streams), its row written as the single-request route wrote
 * it, and the unfinished upload removed. The PATCH answers 200 with the product or lesson; a
 * refusal (the product archived meanwhile, a lesson's file limit reached) answers its spec §8
 * error, and then nothing is kept: a retry starts a new upload, which is refused the same way.
 */
export async function finishUpload(options: FinishUploadOptions): Promise<{ status_code: number; headers: Record<string, string>; body: string }> {
  const { db, files, store, log, upload } = options;
  const target = targetOf(upload);
  if (!target) throw { status_code: 500, body: 'upload without a target' };
  const rules = uploadTargets[target.kind];
  const placed = rules.place(target.storeId);
  const forget = () => store.remove(upload.id).catch((err: unknown) => log.warn({ err, uploadId: upload.id }, 'unfinished upload left behind'));
  try {
    const stored: StoredFile = await files.putStream(placed.key, await store.read(upload.id));
    const file = {
      name: productFileDisplayName(encodeURIComponent(upload.metadata?.filename ?? '')),
      contentType: productFileContentType(upload.metadata?.filetype ?? undefined),
      now: options.now,
    };
    const result = await rules.record(db, target, { ...placed, stored }, file, { files, log });
    if (target.kind === 'productFile') options.answers?.dropCreator(target.userId);
    await forget();
    return { status_code: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: JSON.stringify(result) };
  } catch (error) {
    await placed.remove(files).catch((err: unknown) => log.warn({ err, key: placed.key }, 'orphan resumable upload'));
    await forget();
    // The one mapping of errors to replies (an unknown one is logged with an id, and answered generically).
    const failure = toWireFailure(error, log, 0);
    throw { status_code: failure.httpStatus, body: JSON.stringify(encodeError(failure.error)) };
  }
}
