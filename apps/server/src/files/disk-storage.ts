import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type FileStorage, type ListedFile } from './file-storage.ts';

/** Files under `root` (DATA_DIR/files by default). */
export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, ...assertSafeKey(key));
  const temporaryPathOf = (path: string) => `${path}.${randomBytes(6).toString('hex')}.tmp`;
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = temporaryPathOf(path);
      await writeFile(temporary, body, { flush: true });
      await rename(temporary, path);
      await syncFolder(dirname(path));
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
    async putStream(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = temporaryPathOf(path);
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          sizeBytes += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, measure, createWriteStream(temporary, { flags: 'wx', flush: true }));
        await rename(temporary, path);
        await syncFolder(dirname(path));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { sizeBytes, sha256: hash.digest('hex') };
    },
    async getStream(key, range) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path, range ? { start: range.start, end: range.end } : {}), sizeBytes: size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async list(prefix) {
      const folder = pathOf(prefix);
      let entries;
      try {
        entries = await readdir(folder, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const listed: ListedFile[] = [];
      // A `.tmp` is a write still in progress (or one a crash left behind), not a stored file.
      for (const entry of entries.filter((item) => item.isFile() && !item.name.endsWith('.tmp'))) {
        try {
          const { mtime } = await stat(join(folder, entry.name));
          listed.push({ key: `${prefix}/${entry.name}`, modifiedAt: mtime });
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
      return listed;
    },
  };
}

/**
 * A write is acknowledged only once it survives a power cut: the file's bytes are flushed before
 * the rename (`flush: true`), and the folder is synced after it so the new name is on disk too.
 */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Removes `.tmp` files older than `olderThanMs` under `root`: writes a crash (kill -9, power cut)
 * interrupted. Younger ones may be uploads still in progress. Answers how many were removed.
 */
export async function removeStaleTemporaryFiles(root: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let removed = 0;
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true, recursive: true });
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.tmp')) continue;
    const path = join(entry.parentPath, entry.name);
    try {
      if (now - (await stat(path)).mtimeMs < olderThanMs) continue;
      await rm(path, { force: true });
      removed++;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return removed;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
