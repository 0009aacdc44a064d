import { mkdirSync, mkdtempSync, existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiskStorage, removeStaleTemporaryFiles } from './disk-storage.ts';
import { STALE_TEMPORARY_MS } from './storage-from-env.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function newRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'shopfront-leftovers-'));
  roots.push(root);
  return root;
}

describe('half-written files a crash leaves behind', () => {
  it('removes .tmp files older than the grace period, in any folder, and keeps younger ones and real files', async () => {
    const root = newRoot();
    mkdirSync(join(root, 'store_a', 'products', 'prd_1'), { recursive: true });
    const old = join(root, 'store_a', 'products', 'prd_1', 'file_1.abc123.tmp');
    const young = join(root, 'store_a', 'avatar-1.png.def456.tmp');
    const real = join(root, 'store_a', 'products', 'prd_1', 'file_2');
    for (const path of [old, young, real]) writeFileSync(path, 'bytes');
    const now = Date.now();
    const longAgo = (now - STALE_TEMPORARY_MS - 60_000) / 1000;
    utimesSync(old, longAgo, longAgo);
    utimesSync(real, longAgo, longAgo);

    expect(await removeStaleTemporaryFiles(root, STALE_TEMPORARY_MS, now)).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(young)).toBe(true);
    expect(existsSync(real)).toBe(true);
  });

  it('answers 0 when the files folder does not exist yet', async () => {
    expect(await removeStaleTemporaryFiles(join(newRoot(), 'missing'), STALE_TEMPORARY_MS)).toBe(0);
  });

  it('a completed write leaves no .tmp behind, and a failed one removes its own', async () => {
    const root = newRoot();
    const storage = createDiskStorage(root);
    await storage.putStream('store_a/products/prd_1/file_1', Readable.from([Buffer.from('whole file')]));
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.putStream('store_a/products/prd_1/file_2', failing)).rejects.toThrow('client went away');
    expect(await removeStaleTemporaryFiles(root, 0, Date.now() + 1000)).toBe(0);
    expect((await storage.get('store_a/products/prd_1/file_1'))?.toString()).toBe('whole file');
  });
});
