import { join } from 'node:path';
import type { Env } from '../env.ts';
import { createDiskStorage } from './disk-storage.ts';
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
