import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { matchesEtag, pickEncoding } from './negotiate.ts';
import { identityOf, type CachedBody } from './page-cache.ts';
import { jsonTarget, storefrontPageTarget } from './storefront-target.ts';

/** Headers that belong to one body or one connection, never copied from one reply to another. */
const PER_REPLY = new Set(['content-length', 'content-encoding', 'etag', 'x-storefront-cache', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;
type Kind = 'html' | 'json';

/** The public JSON read (http/storefront-routes.ts), also answered here when cached. */
export const STOREFRONT_JSON_PATH = '/api/storefront';

/**
 * The storefront's hottest path (ARCHITECTURE "Storefront speed": measured against nginx): a GET
 * for a published page that is already in memory is answered on the raw Node request, before
 * Fastify builds its request, reply, logger and hooks. Everything else — misses, previews,
 * requests carrying an Origin (CORS), other routes — goes to Fastify untouched.
 *
 * The answer is the one Fastify would give: the headers are learned from the first storefront
 * page (and JSON) Fastify itself served — helmet's security headers, Vary, Cache-Control — and
 * until then nothing is answered here. Cache hits answered here are not access-logged.
 */
export function createStorefrontFastPath(options: { productHosts: readonly string[]; peek: (key: string) => CachedBody | undefined }) {
  const shared: Record<Kind, string[] | null> = { html: null, json: null };
  /** First path segments that Fastify routes (`healthz`, `fn`, `files`…): never a storefront here. */
  const routed = new Set<string>();
  /** Host + path → page key: spec §2 mode planning costs ~4 µs, a Map lookup far less. */
  const pageKeys = new Map<string, string | null>();
  const PAGE_KEYS_MAX = 4096;

  function pageKey(host: string, path: string): string | null {
    const memo = `${host} ${path}`;
    let key = pageKeys.get(memo);
    if (key === undefined) {
      key = storefrontPageTarget(host, path, options.productHosts)?.key ?? null;
      if (pageKeys.size >= PAGE_KEYS_MAX) pageKeys.clear();
      pageKeys.set(memo, key);
    }
    return key;
  }

  /** The cache key a GET asks for, and which kind of answer it is; null: not ours to answer. */
  function keyOf(request: IncomingMessage): { kind: Kind; key: string } | null {
    const url = request.url ?? '/';
    const mark = url.indexOf('?');
    if (mark >= 0 && url.includes('preview', mark)) return null;
    const path = mark < 0 ? url : url.slice(0, mark);
    if (path === STOREFRONT_JSON_PATH) {
      const query = new URLSearchParams(url.slice(mark + 1));
      const slug = query.get('slug');
      const host = query.get('host');
      const product = query.get('product');
      // An empty `product=` is refused by the route: leave it to Fastify.
      if (product === '') return null;
      const extra = product === null ? {} : { product };
      const target = slug ? jsonTarget({ slug, ...extra }, options.productHosts) : host ? jsonTarget({ host, ...extra }, options.productHosts) : null;
      return target ? { kind: 'json', key: target.key } : null;
    }
    const end = path.indexOf('/', 1);
    if (routed.has(path.slice(1, end < 0 ? undefined : end).toLowerCase())) return null;
    const key = pageKey(request.headers.host ?? '', path);
    return key ? { kind: 'html', key } : null;
  }

  function handle(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || request.headers.origin !== undefined) return false;
    const wanted = keyOf(request);
    const learned = wanted ? shared[wanted.kind] : null;
    const body = learned && wanted ? options.peek(wanted.key) : undefined;
    if (!learned || !body) return false;

    const headers = [...learned, 'etag', body.etag, 'x-storefront-cache', 'hit'];
    if (matchesEtag(request.headers['if-none-match'], body.etag)) {
      response.writeHead(304, headers);
      response.end();
      return true;
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const bytes = encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : identityOf(body);
    if (encoding !== 'identity') headers.push('content-encoding', encoding);
    headers.push('content-length', String(bytes.length));
    response.writeHead(200, headers);
    response.end(bytes);
    return true;
  }

  return {
    /** Called with the headers of a published page or JSON Fastify is about to send (no Origin on it). */
    learnHeaders(kind: Kind, headers: Record<string, unknown>): void {
      if (shared[kind]) return;
      shared[kind] = Object.entries(headers).flatMap(([name, value]) =>
        value === undefined || PER_REPLY.has(name.toLowerCase()) ? [] : [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)],
      );
    },
    /** Fastify's onRoute hook: remembers the first segment of every static route. */
    addRoute(url: string): void {
      const segment = url.split('/')[1] ?? '';
      if (segment && !segment.includes(':') && !segment.includes('*')) routed.add(segment.toLowerCase());
    },
    handle,
    /** Puts the fast path in front of Fastify's own request listener. */
    install(server: Server): void {
      const fastify = server.listeners('request') as RequestListener[];
      server.removeAllListeners('request');
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        let answered: boolean;
        try {
          answered = handle(request, response);
        } catch {
          answered = response.headersSent;
        }
        if (!answered) for (const listener of fastify) listener.call(server, request, response);
      });
    },
  };
}
