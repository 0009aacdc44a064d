import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pickEncoding } from '#src/storefront/negotiate.ts';

/** Below this an answer goes as it is: a few hundred bytes gain little and still cost an encoder. */
export const COMPRESS_MIN_BYTES = 1024;

/** What is compressed on the fly: JSON answers (every `POST /fn/*`), HTML, text and XML. */
const COMPRESSIBLE = /^(application\/(json|xml)|text\/(html|plain|xml))\b/i;

/**
 * Answers made per request (function answers, error pages, sitemaps) are compressed here when the
 * client accepts it. Measured in CPU time on `listProducts` of 200 products (105 KB of JSON, which
 * itself takes 0.9 ms to stringify): brotli quality 3 sends 5.3 KB for 0.45 ms, quality 4 5.4 KB
 * for 0.7 ms, quality 5 4.9 KB for 1.5 ms; gzip level 1 7.3 KB for 0.3 ms, level 6 6.5 KB for 0.7
 * ms. Synchronously, with a window no larger than the answer: the thread-pool variant kept a
 * 4 MiB encoder per answer in flight until garbage collection, and at 50 concurrent calls the
 * collector then took a fifth of the process (docs/selling.md "At 100,000 orders"). Anything
 * already encoded (the storefront's and the web app's precompressed bodies), streamed (CSV
 * exports, downloads), carrying an ETag or a range, or under 1 KB goes as it is.
 */
export function registerAnswerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => done(null, compressAnswer(request, reply, payload)));
}

function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (!isCompressible(reply)) return payload;
  // A string of n UTF-16 units is at most 3n bytes: most small answers are told apart without encoding them.
  const bytes = typeof payload === 'string' ? (payload.length * 3 < COMPRESS_MIN_BYTES ? 0 : Buffer.byteLength(payload)) : payload.length;
  if (bytes < COMPRESS_MIN_BYTES) return payload;
  addVary(reply, 'Accept-Encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return payload;
  const compressed = encodeAnswer(payload, encoding, bytes);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}

/** An answer of `bytes` bytes as brotli (quality 3) or gzip (level 1), the settings measured above. */
export function encodeAnswer(payload: string | Buffer, encoding: 'br' | 'gzip', bytes: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(payload, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 3,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
          [constants.BROTLI_PARAM_LGWIN]: windowBits(bytes),
        },
      })
    : gzipSync(payload, { level: 1 });
}

/** The smallest brotli window (2^bits − 16 bytes) that holds the whole answer, within brotli's 16–24. */
function windowBits(length: number): number {
  return Math.min(24, Math.max(16, Math.ceil(Math.log2(length + 16))));
}

function isCompressible(reply: FastifyReply): boolean {
  const status = reply.statusCode;
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  if (reply.hasHeader('content-encoding') || reply.hasHeader('etag') || reply.hasHeader('content-range')) return false;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && COMPRESSIBLE.test(type);
}

export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((name) => name.trim()).filter(Boolean);
  if (list.some((name) => name === '*' || name.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...list, field].join(', '));
}
