import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '#src/env.ts';
import type { FrontConfig } from '#src/env/front-env.ts';
import { storeTagHeaders } from '#src/storefront/cache-tags.ts';
import { identityOf, type CachedBody } from '#src/storefront/page-cache.ts';
import { matchesEtag, pickEncoding } from '#src/storefront/negotiate.ts';
import { cspHeaderValue, essentialSecurityHeaders, regionOrigins, websiteCspDirectives } from '#src/http/security-headers.ts';

/**
 * Published storefronts and website pages: browsers keep a copy but revalidate it on every use
 * (`max-age=0`), which the strong ETag turns into a cheap 304; shared caches (nginx, a CDN) may
 * answer it for `s-maxage` seconds and an expired copy for `stale-while-revalidate` more while
 * they fetch the new one (env STOREFRONT_S_MAXAGE, STOREFRONT_STALE_WHILE_REVALIDATE). A publish
 * purges the CDN by the store's tag (storefront/cdn-purger.ts); without a purger it shows within
 * those seconds. Nothing personal is ever sent with this (drafts and cookie pages are private).
 */
export function publishedCacheControl(front: Pick<FrontConfig, 'sharedMaxAgeSeconds' | 'staleWhileRevalidateSeconds'>): string {
  return `public, max-age=0, s-maxage=${front.sharedMaxAgeSeconds}, stale-while-revalidate=${front.staleWhileRevalidateSeconds}`;
}

/** Drafts (and every `?preview=true` answer): only the owner's browser, never stored. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
export const NOT_FOUND_CACHE_CONTROL = 'no-store';

export const HTML = 'text/html; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Every header of one kind of storefront answer but the per-body ones (ETag, encoding, length), as `[name, value, …]`. */
export type HeaderList = readonly string[];

export interface StorefrontHeaders {
  publishedPage: HeaderList;
  /** The JSON read is an API: CORS may answer it, so it varies on Origin too. */
  publishedJson: HeaderList;
  previewPage: HeaderList;
  notFoundPage: HeaderList;
  /** Website pages: the same, with a CSP that lets the privacy-enhanced video players be framed and the signup form's zone script run. */
  websitePage: HeaderList;
  websitePreview: HeaderList;
  websiteNotFound: HeaderList;
  /** sitemap.xml and robots.txt of a website. */
  sitemap: HeaderList;
  robots: HeaderList;
}

/**
 * The complete header sets of storefront answers (decision 013). Storefront pages are not CORS
 * resources, so they neither vary on Origin nor carry Access-Control headers.
 */
export function storefrontHeaders(env: Pick<Env, 'publicUrl' | 'regions' | 'front'>): StorefrontHeaders {
  const publishedControl = publishedCacheControl(env.front);
  const security = essentialSecurityHeaders(env);
  const page = (cacheControl: string) => [...security, 'content-type', HTML, 'cache-control', cacheControl, 'vary', 'Accept-Encoding'];
  const https = env.publicUrl.startsWith('https://');
  const siteSecurity = [...security];
  siteSecurity[siteSecurity.indexOf('content-security-policy') + 1] = cspHeaderValue(websiteCspDirectives(https, regionOrigins(env)));
  const sitePage = (cacheControl: string) => [...siteSecurity, 'content-type', HTML, 'cache-control', cacheControl, 'vary', 'Accept-Encoding'];
  const file = (type: string) => [...security, 'content-type', type, 'cache-control', publishedControl, 'vary', 'Accept-Encoding'];
  return {
    websitePage: sitePage(publishedControl),
    websitePreview: sitePage(PRIVATE_CACHE_CONTROL),
    websiteNotFound: sitePage(NOT_FOUND_CACHE_CONTROL),
    sitemap: file('application/xml; charset=utf-8'),
    robots: file('text/plain; charset=utf-8'),
    publishedPage: page(publishedControl),
    publishedJson: [...security, 'content-type', JSON_TYPE, 'cache-control', publishedControl, 'vary', 'Origin, Accept-Encoding'],
    previewPage: page(PRIVATE_CACHE_CONTROL),
    notFoundPage: page(NOT_FOUND_CACHE_CONTROL),
  };
}

export interface SendOptions {
  status?: number;
  headers: HeaderList;
  /** Send the ETag and the store's cache tags, and answer a matching If-None-Match with 304 (published bodies only). */
  etag: boolean;
  /** Keep the Access-Control headers @fastify/cors set for a request with an Origin (the JSON read); pages drop them. */
  cors?: boolean;
  /** `X-Storefront-Cache: miss` when memory could not answer (operators, the bench); hits stay lean. */
  miss?: boolean;
}

/**
 * A prepared body in the encoding the client prefers, with its validators and exactly the
 * storefront header set: what helmet and CORS already put on the reply is replaced, so this
 * answer and the fast path's (storefront/fast-path.ts) are the same bytes.
 */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, body: CachedBody, options: SendOptions): FastifyReply {
  for (const name of reply.raw.getHeaderNames()) reply.raw.removeHeader(name);
  // @fastify/cors also marks Origin-less requests (`access-control-allow-credentials`): only a
  // cross-origin request to a CORS resource keeps its Access-Control headers.
  const cors = options.cors === true && request.headers.origin !== undefined;
  for (const name of Object.keys(reply.getHeaders())) {
    if (!(cors && name.startsWith('access-control-'))) reply.removeHeader(name);
  }
  const { headers } = options;
  for (let i = 0; i < headers.length; i += 2) reply.header(headers[i]!, headers[i + 1]!);
  if (options.miss) reply.header('x-storefront-cache', 'miss');
  if (options.etag) {
    reply.header('etag', body.etag);
    const tags = storeTagHeaders(body.storeId);
    for (let i = 0; i < tags.length; i += 2) reply.header(tags[i]!, tags[i + 1]!);
    if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  }
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const bytes = encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : identityOf(body);
  return reply.code(options.status ?? 200).send(bytes);
}
