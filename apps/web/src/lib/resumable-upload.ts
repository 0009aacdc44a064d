import { AppError, decodeResponse, RESUMABLE_UPLOAD_PATH, type ResumableUploadMetadata } from '@shopfront/core';
// The browser build by name: vitest would otherwise resolve the Node one (no XMLHttpRequest, no localStorage).
import type { PreviousUpload } from 'tus-js-client';
import { defaultOptions, DetailedError, Upload } from 'tus-js-client/lib.esm/browser/index.js';
import type { UploadHandle } from './upload.ts';

/** What the server takes the file for (the file's own name and type are added here). */
export type UploadFor = Omit<ResumableUploadMetadata, 'filename' | 'filetype'>;

/** A bounded request: a dropped connection loses at most this much, and no proxy sees a 2 GB body. */
export const CHUNK_BYTES = 32 * 1024 * 1024;
/** After a dropped connection: tried again at once, then after 1, 3, 10, 20 and 30 s (each attempt resumes where the server is). */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 10_000, 20_000, 30_000];

export interface ResumableRequest<T> {
  file: File;
  target: UploadFor;
  onProgress: (fraction: number) => void;
  /** True while waiting to try again after a dropped connection; false once bytes flow again. */
  onRetrying?: (retrying: boolean) => void;
  /** Reads the answer to the last PATCH (the product or the lesson); throws when it is not that. */
  read: (body: unknown) => T;
}

/** The browser's key for a file and what it is for: the same file picked again resumes, and never into another product. */
const fingerprintOf = (file: File, target: UploadFor) =>
  ['shopfront', target.kind, target.storeId, target.parentId, file.name, file.type, file.size, file.lastModified].join('/');

/**
 * A resumable upload (tus, decision 048): the same file picked again for the same product or
 * lesson, even after a reload, goes on from where the server is. Refusals become AppErrors with
 * the server's message; `abort` (the creator's confirmed cancel) also discards what the server has.
 */
export function resumableUpload<T>({ file, target, onProgress, onRetrying, read }: ResumableRequest<T>): UploadHandle<T> {
  let rejectCancelled: (error: AppError) => void = () => undefined;
  let retrying = false;
  const setRetrying = (value: boolean) => {
    if (retrying === value) return;
    retrying = value;
    onRetrying?.(value);
  };
  let upload: Upload;
  const promise = new Promise<T>((resolve, reject) => {
    rejectCancelled = reject;
    upload = new Upload(file, {
      endpoint: RESUMABLE_UPLOAD_PATH,
      metadata: { ...target, filename: file.name, filetype: file.type },
      fingerprint: async () => fingerprintOf(file, target),
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        if (sent > 0) setRetrying(false);
        onProgress(total > 0 ? sent / total : 0);
      },
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        // A refusal (4xx) is final, but a conflicting offset or a lock, which the next attempt resolves.
        const retry = status === 0 || status >= 500 || status === 409 || status === 423;
        if (retry) setRetrying(true);
        return retry;
      },
      onSuccess: ({ lastResponse }) => {
        try {
          resolve(read(JSON.parse(lastResponse.getBody())));
        } catch {
          reject(new AppError('internal'));
        }
      },
      onError: (error) => reject(asAppError(error)),
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
  return {
    promise,
    abort: () => {
      void upload.abort(true).catch(() => undefined);
      rejectCancelled(new AppError('cancelled', 'Upload cancelled'));
    },
    pause: () => {
      void upload.abort(false).catch(() => undefined);
      rejectCancelled(new AppError('cancelled', 'Upload paused'));
    },
  };
}

/** The server's error when it answered one, else `unavailable` (the connection never came back). */
function asAppError(error: Error): AppError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return new AppError('unavailable');
  try {
    decodeResponse(response.getStatus(), response.getBody());
  } catch (decoded) {
    if (decoded instanceof AppError) return decoded;
  }
  return new AppError('internal');
}

/** An upload this browser started for `target` and did not finish: it goes on when the same file is picked again. */
export interface UnfinishedUpload {
  name: string;
  sizeBytes: number;
  urlStorageKey: string;
  uploadUrl: string | null;
}

export async function findUnfinishedUploads(target: UploadFor): Promise<UnfinishedUpload[]> {
  const all: PreviousUpload[] = await defaultOptions.urlStorage.findAllUploads().catch(() => []);
  return all
    .filter(({ metadata }) => metadata.kind === target.kind && metadata.storeId === target.storeId && metadata.parentId === target.parentId)
    .map((previous) => ({ name: previous.metadata.filename ?? 'file', sizeBytes: previous.size ?? 0, urlStorageKey: previous.urlStorageKey, uploadUrl: previous.uploadUrl }));
}

/** Forgets an unfinished upload here and discards what the server has of it. */
export async function discardUnfinishedUpload(unfinished: UnfinishedUpload): Promise<void> {
  if (unfinished.uploadUrl) await Upload.terminate(unfinished.uploadUrl).catch(() => undefined);
  await defaultOptions.urlStorage.removeUpload(unfinished.urlStorageKey);
}
