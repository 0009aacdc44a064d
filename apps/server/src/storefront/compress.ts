import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { CachedBody } from './page-cache.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Compresses once, when a page enters the cache, so every hit is a plain buffer write. Runs on
 * libuv's thread pool, not the event loop. On a 10 KB storefront page brotli quality 5 measured
 * 1,741 B in 0.4 ms, quality 9 1,734 B in 5 ms and 11 1,599 B in 29 ms: the first, uncached hit
 * after a publish pays for it, so 5.
 */
export async function prepareBody(storeId: string, text: string): Promise<CachedBody> {
  const identity = Buffer.from(text, 'utf8');
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { storeId, etag: strongEtag(identity), gzip: gz, br, identityLength: identity.length };
}

export function strongEtag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}
