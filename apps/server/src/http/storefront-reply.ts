import type { FastifyReply, FastifyRequest } from 'fastify';
import { identityOf, type CachedBody } from '../storefront/page-cache.ts';
import { matchesEtag, pickEncoding } from '../storefront/negotiate.ts';

/**
 * Published storefronts: caches (browsers, CDNs) may keep a copy but must revalidate it on every
 * use, which the strong ETag turns into a cheap 304; a publish is visible at once everywhere. We
 * chose this over `s-maxage` + `stale-while-revalidate`, which would keep showing the old store
 * for a while after a publish (issue 4: publishing shows the change to visitors).
 */
export const PUBLISHED_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Drafts (and every `?preview=true` answer): only the owner's browser, never stored. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
export const NOT_FOUND_CACHE_CONTROL = 'no-store';

export const HTML = 'text/html; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

export interface SendOptions {
  status?: number;
  contentType: string;
  cacheControl: string;
  /** Send the ETag and answer a matching If-None-Match with 304 (published bodies only). */
  etag: boolean;
  /** `X-Storefront-Cache`: whether memory answered (for operators and CDN debugging). */
  cache?: 'hit' | 'miss';
  /** Sees every header of the reply just before it is sent (the fast path learns from it). */
  onHeaders?: (headers: Record<string, unknown>) => void;
}

/** A prepared body in the encoding the client prefers, with its validators. */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, body: CachedBody, options: SendOptions): FastifyReply {
  // CORS already varies on Origin; the body also varies on the encoding.
  const vary = reply.getHeader('vary');
  reply
    .header('content-type', options.contentType)
    .header('cache-control', options.cacheControl)
    .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (options.cache) reply.header('x-storefront-cache', options.cache);
  options.onHeaders?.({ ...reply.raw.getHeaders(), ...reply.getHeaders() });
  if (options.etag) {
    reply.header('etag', body.etag);
    if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  }
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const bytes = encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : identityOf(body);
  return reply.code(options.status ?? 200).send(bytes);
}
