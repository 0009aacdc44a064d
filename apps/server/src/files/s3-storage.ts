import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type * as AwsS3 from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStorage, type ListedFile } from './file-storage.ts';
import type { S3Config } from '../env/storage-env.ts';

/** S3 wants parts of at least 5 MiB (all but the last); 8 MiB bounds memory per upload. */
export const DEFAULT_PART_BYTES = 8 * 1024 * 1024;

export interface S3StorageOptions {
  /** Tests lower it to exercise multipart uploads with small files. */
  partBytes?: number;
}

/**
 * Files in an S3-compatible bucket (AWS, MinIO, R2…), keyed exactly like the disk storage.
 * Streams go up in parts, so an upload holds at most one part in memory.
 */
export function createS3Storage(config: S3Config, options: S3StorageOptions = {}): FileStorage {
  const {
    AbortMultipartUploadCommand,
    CompleteMultipartUploadCommand,
    CreateMultipartUploadCommand,
    DeleteObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    UploadPartCommand,
  } = awsS3Sdk();
  const partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Several S3-compatible services reject the SDK's default extra checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const keyOf = (key: string) => assertSafeKey(key).join('/');

  async function putBuffer(Key: string, body: Buffer): Promise<void> {
    await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: body.length }));
  }

  async function uploadInParts(Key: string, first: Buffer, rest: AsyncIterator<Buffer>): Promise<void> {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    if (!UploadId) throw new Error('S3 CreateMultipartUpload answered no UploadId');
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    try {
      let part: Buffer | null = first;
      while (part) {
        const PartNumber = parts.length + 1;
        const sent = await client.send(
          new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: part, ContentLength: part.length }),
        );
        parts.push({ ETag: sent.ETag, PartNumber });
        const next = await rest.next();
        part = next.done ? null : next.value;
      }
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  return {
    async put(key, body) {
      await putBuffer(keyOf(key), body);
    },
    async get(key) {
      const found = await getObject(keyOf(key));
      return found ? Buffer.from(await found.Body!.transformToByteArray()) : null;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async deletePrefix(prefix) {
      const Prefix = `${keyOf(prefix)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const Objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (Objects.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async putStream(key, body) {
      const Key = keyOf(key);
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const parts = chunksOf(body, partBytes, (chunk) => {
        hash.update(chunk);
        sizeBytes += chunk.length;
      })[Symbol.asyncIterator]();
      const first = await parts.next();
      const second = first.done ? first : await parts.next();
      if (first.done) await putBuffer(Key, Buffer.alloc(0));
      else if (second.done) await putBuffer(Key, first.value);
      else await uploadInParts(Key, first.value, prepend(second.value, parts));
      return { sizeBytes, sha256: hash.digest('hex') };
    },
    async getStream(key, range) {
      const found = await getObject(keyOf(key), range ? `bytes=${range.start}-${range.end}` : undefined);
      if (!found) return null;
      // A ranged GET answers `Content-Range: bytes a-b/size`; the whole file's size is after the slash.
      const total = found.ContentRange ? Number(/\/(\d+)$/.exec(found.ContentRange)?.[1]) : NaN;
      return { stream: found.Body as Readable, sizeBytes: Number.isFinite(total) ? total : (found.ContentLength ?? 0) };
    },
    async list(prefix) {
      const Prefix = `${keyOf(prefix)}/`;
      const listed: ListedFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        // The delimiter keeps sub-folders (a store's `products/`) out of the listing.
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, Delimiter: '/', ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) listed.push({ key: object.Key, modifiedAt: object.LastModified });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return listed;
    },
  };

  async function getObject(Key: string, Range?: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key, Range }));
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }
}

const loadPackage = createRequire(import.meta.url);

/**
 * The AWS SDK's S3 client, loaded when S3 storage is first made rather than at start-up: about
 * 6 MB of heap and 10 MB resident that a server storing files on disk never uses.
 */
function awsS3Sdk(): typeof AwsS3 {
  return loadPackage('@aws-sdk/client-s3') as typeof AwsS3;
}

/** The stream regrouped into buffers of exactly `size` bytes (the last may be shorter). */
async function* chunksOf(body: Readable, size: number, onChunk: (chunk: Buffer) => void): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const raw of body) {
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as Uint8Array);
    onChunk(chunk);
    pending.push(chunk);
    pendingBytes += chunk.length;
    while (pendingBytes >= size) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, size);
      pending = [all.subarray(size)];
      pendingBytes = all.length - size;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

async function* prepend(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
