// Writes `<file>.br` and `<file>.gz` next to every text asset of a built dist, so the server
// answers them by content negotiation (@fastify/static `preCompressed`) without compressing on
// the request path. Run by the web build (vite.config.ts); by hand: `node compress-assets.mjs [distDir]`.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text types worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/**
 * Not written: the server-rendering module (never sent), Vite's manifest, and the HTML templates,
 * which the server answers only with the client config injected and compresses itself.
 */
const SKIPPED_DIRS = new Set(['ssr', '.vite']);

/** Off the event loop, on libuv's threads. */
export function brotliBytes(bytes) {
  return brotliAsync(bytes, brotliOptions(bytes.length));
}

/** Brotli at its best quality: built once, sent for a year (level 11 costs seconds per build, not per request). */
export function brotliOptions(size) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

async function listFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : listFiles(path);
      return COMPRESSIBLE.has(extname(entry.name)) ? [path] : [];
    }),
  );
  return nested.flat();
}

/**
 * Each encoding is written only when it is smaller than the file (a tiny file can grow): the
 * server then falls back to the next encoding it finds, then to the file itself.
 * `known`: brotli already computed this build (the budget check), by path inside the dist, used
 * only for a file of the same length.
 * @param {string} distDir
 * @param {Map<string, { length: number, br: Promise<Buffer> }>} [known]
 * @returns {Promise<{ file: string, bytes: number, br: number | null, gzip: number | null }[]>}
 */
export async function compressDist(distDir, known = new Map()) {
  const files = await listFiles(distDir);
  return Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const computed = known.get(relative(distDir, file).split(sep).join('/'));
      const [br, gz] = await Promise.all([
        computed?.length === bytes.length ? computed.br : brotliAsync(bytes, brotliOptions(bytes.length)),
        gzipAsync(bytes, { level: 9 }),
      ]);
      const written = { file, bytes: bytes.length, br: null, gzip: null };
      if (br.length < bytes.length) {
        await writeFile(`${file}.br`, br);
        written.br = br.length;
      }
      if (gz.length < bytes.length) {
        await writeFile(`${file}.gz`, gz);
        written.gzip = gz.length;
      }
      return written;
    }),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const distDir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const written = await compressDist(distDir);
  console.log(`compressed ${written.length} files in ${distDir}`);
}
