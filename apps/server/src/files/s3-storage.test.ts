import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../testing/test-env.ts';
import type { FileStorage } from './file-storage.ts';
import { startS3StandIn, type S3StandIn } from '../testing/s3-stand-in.ts';
import { createS3Storage } from './s3-storage.ts';
import { storageFromEnv } from './storage-from-env.ts';

const BUCKET = 'shop-files';
const PART = 64 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3-compatible storage (against a local stand-in)', () => {
  let s3: S3StandIn;
  let storage: FileStorage;

  beforeAll(async () => {
    s3 = await startS3StandIn(BUCKET);
    storage = createS3Storage(
      { bucket: BUCKET, region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'test', secretAccessKey: 'test', forcePathStyle: true },
      { partBytes: PART },
    );
  });
  afterAll(() => s3?.close());

  it('puts, gets and deletes a small file; a missing key reads as null', async () => {
    await storage.put('store_a/avatar-1.webp', Buffer.from('image bytes'));
    expect(s3.objects.get('store_a/avatar-1.webp')?.toString()).toBe('image bytes');
    expect((await storage.get('store_a/avatar-1.webp'))?.toString()).toBe('image bytes');
    await storage.delete('store_a/avatar-1.webp');
    expect(await storage.get('store_a/avatar-1.webp')).toBeNull();
    expect(await storage.getStream('store_a/nothing-here')).toBeNull();
  });

  it('streams a file in parts with its size and sha256, and streams it back byte for byte', async () => {
    const bytes = randomBytes(PART * 3 + 1234);
    const before = s3.requests.length;
    const stored = await storage.putStream('store_a/products/file_1', Readable.from([bytes.subarray(0, 5000), bytes.subarray(5000)]));
    expect(stored).toEqual({ sizeBytes: bytes.length, sha256: sha256(bytes) });
    expect(s3.requests.slice(before)).toEqual([
      'POST store_a/products/file_1?uploads',
      'PUT store_a/products/file_1?partNumber&uploadId',
      'PUT store_a/products/file_1?partNumber&uploadId',
      'PUT store_a/products/file_1?partNumber&uploadId',
      'PUT store_a/products/file_1?partNumber&uploadId',
      'POST store_a/products/file_1?uploadId',
    ]);
    const back = await storage.getStream('store_a/products/file_1');
    expect(back?.sizeBytes).toBe(bytes.length);
    expect((await readAll(back!.stream)).equals(bytes)).toBe(true);
  });

  it('sends a stream smaller than one part as a single PUT', async () => {
    const bytes = randomBytes(1000);
    const before = s3.requests.length;
    expect(await storage.putStream('store_a/products/file_2', Readable.from([bytes]))).toEqual({ sizeBytes: 1000, sha256: sha256(bytes) });
    expect(s3.requests.slice(before)).toEqual(['PUT store_a/products/file_2']);
    expect(s3.objects.get('store_a/products/file_2')?.equals(bytes)).toBe(true);
  });

  it('stores nothing when the stream fails half way, and aborts the multipart upload', async () => {
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(PART * 2);
        throw new Error('client went away');
      })(),
    );
    await expect(storage.putStream('store_a/products/file_3', failing)).rejects.toThrow('client went away');
    expect(s3.objects.has('store_a/products/file_3')).toBe(false);
    expect(s3.openUploads()).toBe(0);
  });

  it('deletes every file under a prefix across list pages, and nothing else', async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e']) await storage.put(`store_gone/${name}.png`, Buffer.from(name));
    await storage.put('store_gone_not/keep.png', Buffer.from('keep'));
    await storage.deletePrefix('store_gone');
    expect([...s3.objects.keys()].filter((key) => key.startsWith('store_gone'))).toEqual(['store_gone_not/keep.png']);
  });

  it('refuses unsafe keys before any request', async () => {
    const before = s3.requests.length;
    await expect(storage.get('../etc/passwd')).rejects.toThrow(/unsafe file key/);
    expect(s3.requests.length).toBe(before);
  });

  it('is what storageFromEnv picks when FILE_STORAGE=s3', async () => {
    const env = testEnv(s3.storageEnv);
    await storageFromEnv(env).put('store_env/x.png', Buffer.from('via env'));
    expect(s3.objects.get('store_env/x.png')?.toString()).toBe('via env');
  });
});
