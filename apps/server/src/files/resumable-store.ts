import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type * as TusS3 from '@tus/s3-store';
import type { S3Store } from '@tus/s3-store';
import { ERRORS, type DataStore } from '@tus/utils';
import type { Env } from '../env.ts';

/** An unfinished resumable upload is kept this long after its creation, then swept (decision 048). */
export const RESUMABLE_UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** A tus data store that can also read a finished upload back, to move it into file storage. */
export type ResumableStore = DataStore & { read(id: string): Readable | Promise<Readable> };

type StoreEnv = Pick<Env, 'dataDir'> & { storage?: Env['storage'] };

const byConfig = new Map<string, ResumableStore>();

/**
 * The configured store, one per process. Unfinished uploads live beside the files, in a place of
 * their own (decision 048): on disk, DATA_DIR/resumable-uploads (every process of one machine shares it); with FILE_STORAGE=s3, the
 * same bucket's top level (`<id>`, `<id>.info`, `<id>.part`), where no store folder can clash,
 * so an upload started through one server can be resumed through any other.
 */
export function resumableStoreFromEnv(env: StoreEnv): ResumableStore {
  const s3 = env.storage?.kind === 's3' ? env.storage.s3 : null;
  const cacheKey = s3 ? `s3:${JSON.stringify(s3)}` : `disk:${join(env.dataDir, 'resumable-uploads')}`;
  let store = byConfig.get(cacheKey);
  if (!store) {
    store = createResumableStore(env);
    byConfig.set(cacheKey, store);
  }
  return store;
}

/** A new store object: what another server process would have (tests use it to resume "elsewhere"). */
export function createResumableStore(env: StoreEnv): ResumableStore {
  const s3 = env.storage?.kind === 's3' ? env.storage.s3 : null;
  return s3
    ? new (finishedAwareS3Store())({
        expirationPeriodInMilliseconds: RESUMABLE_UPLOAD_EXPIRY_MS,
        s3ClientConfig: {
          bucket: s3.bucket,
          region: s3.region,
          endpoint: s3.endpoint ?? undefined,
          forcePathStyle: s3.forcePathStyle,
          credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
          // As files/s3-storage.ts: several S3-compatible services reject the SDK's extra checksums.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        },
      })
    : new FileStore({ directory: join(env.dataDir, 'resumable-uploads'), expirationPeriodInMilliseconds: RESUMABLE_UPLOAD_EXPIRY_MS });
}

/**
 * S3 answers NoSuchUpload when a completed multipart upload is aborted, so @tus/s3-store's
 * `remove` of a finished upload fails before it deletes anything: its object and `.info` are
 * then deleted here, once the finished file has been copied into file storage.
 */
function finishedAwareS3Store(): typeof S3Store {
  // @tus/s3-store (and the AWS SDK under it) is loaded only when S3 is configured: a server that
  // keeps files on disk never needs it (files/s3-storage.ts says what that saves).
  const { S3Store: Base } = loadPackage('@tus/s3-store') as typeof TusS3;
  finishedAwareS3StoreClass ??= class FinishedAwareS3Store extends Base {
    override async remove(id: string): Promise<void> {
      try {
        await super.remove(id);
      } catch (error) {
        if (error !== ERRORS.FILE_NOT_FOUND) throw error;
        await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }], Quiet: true } });
        await this.clearCache(id);
      }
    }
  };
  return finishedAwareS3StoreClass;
}

const loadPackage = createRequire(import.meta.url);
let finishedAwareS3StoreClass: typeof S3Store | undefined;
