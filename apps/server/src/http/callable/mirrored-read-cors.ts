// Exports corsOptionsFor, MIRRORED_READ_CORS: one module because the open policy only makes sense beside the rule that picks it.
import type { FastifyCorsOptions } from '@fastify/cors';
import { MIRRORED_READ_FUNCTIONS } from '@shopfront/core';

const MIRRORED_READ_PATHS: ReadonlySet<string> = new Set(MIRRORED_READ_FUNCTIONS.map((name) => `/fn/${name}`));

/**
 * The public store reads a browser calls on its nearest region (docs/regions.md): any page may
 * read them cross-origin, but never with credentials (`Access-Control-Allow-Origin: *` cannot be
 * combined with cookies), so a foreign site learns nothing it could not fetch itself.
 */
export const MIRRORED_READ_CORS: Readonly<FastifyCorsOptions> = Object.freeze({
  origin: '*',
  credentials: false,
  methods: ['POST'],
  allowedHeaders: ['content-type'],
  maxAge: 600,
});

/**
 * The CORS policy of one request: the open one for a mirrored read (preflight or call) from an
 * origin the strict policy does not already trust; the strict, credentialed one for everything
 * else, so a trusted origin keeps its cookies on every function, these reads included.
 */
export function corsOptionsFor(request: { url: string; headers: { origin?: string } }, strict: FastifyCorsOptions): FastifyCorsOptions {
  const path = request.url.split('?')[0] ?? '';
  if (!MIRRORED_READ_PATHS.has(path)) return strict;
  const trusted = Array.isArray(strict.origin) && typeof request.headers.origin === 'string' && strict.origin.includes(request.headers.origin);
  return trusted ? strict : MIRRORED_READ_CORS;
}
