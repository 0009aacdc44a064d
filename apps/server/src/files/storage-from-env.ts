import { join } from 'node:path';
import type { Env } from '../env.ts';
import { createDiskStorage, removeStaleTemporaryFiles } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3-storage.ts';

const byConfig = new Map<string, FileStorage>();

/** The configured storage: the S3-compatible bucket when FILE_STORAGE=s3, else DATA_DIR/files. */
export function storageFromEnv(env: Pick<Env, 'dataDir'> & { storage?: Env['storage'] }): FileStorage {
  const s3 = env.storage?.kind === 's3' ? env.storage.s3 : null;
  const cacheKey = s3 ? `s3:${JSON.stringify(s3)}` : `disk:${join(env.dataDir, 'files')}`;
  let storage = byConfig.get(cacheKey);
  if (!storage) {
    storage = s3 ? createS3Storage(s3) : createDiskStorage(join(env.dataDir, 'files'));
    byConfig.set(cacheKey, storage);
  }
  return storage;
}

/** Half-written files older than this are a crash's leftovers; younger ones may be uploads in progress. */
export const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/**
 * At start-up: removes the `.tmp` files an earlier crash left in DATA_DIR/files (S3 keeps no partial
 * objects: an upload is one PUT or a multipart upload the bucket aborts). Answers how many.
 */
export function removeCrashLeftovers(env: Pick<Env, 'dataDir'> & { storage?: Env['storage'] }): Promise<number> {
  if (env.storage?.kind === 's3') return Promise.resolve(0);
  return removeStaleTemporaryFiles(join(env.dataDir, 'files'), STALE_TEMPORARY_MS);
}
