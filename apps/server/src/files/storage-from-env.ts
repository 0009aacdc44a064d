import { join } from 'node:path';
import type { Env } from '../env.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';

const byRoot = new Map<string, FileStorage>();

/** The configured storage: DATA_DIR/files on local disk (S3 arrives with its env settings). */
export function storageFromEnv(env: Pick<Env, 'dataDir'>): FileStorage {
  const root = join(env.dataDir, 'files');
  let storage = byRoot.get(root);
  if (!storage) {
    storage = createDiskStorage(root);
    byRoot.set(root, storage);
  }
  return storage;
}
