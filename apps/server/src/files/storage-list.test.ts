import { mkdtempSync, rmSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { startS3StandIn, type S3StandIn } from '../testing/s3-stand-in.ts';
import { createS3Storage } from './s3-storage.ts';

const BUCKET = 'list-files';
const WRITTEN = new Date('2030-01-02T03:04:05.000Z');

describe('FileStorage.list on disk and S3', () => {
  let root: string;
  let s3: S3StandIn;
  const storages: Record<string, FileStorage> = {};
  const backdate: Record<string, (key: string) => Promise<void>> = {};

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'shopfront-list-'));
    s3 = await startS3StandIn(BUCKET);
    storages.disk = createDiskStorage(root);
    backdate.disk = (key) => utimes(join(root, key), WRITTEN, WRITTEN);
    storages.s3 = createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'test',
      secretAccessKey: 'test',
      forcePathStyle: true,
    });
    backdate.s3 = async (key) => void s3.modifiedAt.set(key, WRITTEN);
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['disk', 's3'])('%s: lists the files directly under a prefix, over several pages, with when they were written', async (kind) => {
    const storage = storages[kind]!;
    const keys = ['store_a/avatar-1.webp', 'store_a/image-2.webp', 'store_a/image-3.webp', 'store_a/products/file_1', 'store_ab/avatar-4.webp'];
    for (const key of keys) {
      await storage.put(key, Buffer.from(key));
      await backdate[kind]!(key);
    }
    const listed = (await storage.list('store_a')).sort((a, b) => a.key.localeCompare(b.key));
    expect(listed).toEqual(keys.slice(0, 3).map((key) => ({ key, modifiedAt: WRITTEN })));
    expect(await storage.list('store_none')).toEqual([]);
  });

  it('disk: leaves writes in progress out of the listing', async () => {
    await storages.disk!.put('store_t/avatar-5.webp', Buffer.from('x'));
    await storages.disk!.put('store_t/avatar-6.webp.0123456789ab.tmp', Buffer.from('half'));
    expect((await storages.disk!.list('store_t')).map((file) => file.key)).toEqual(['store_t/avatar-5.webp']);
  });
});
