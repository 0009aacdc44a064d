import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { matchesEtag, pickEncoding } from './negotiate.ts';
import { storeTagHeaders } from './cache-tags.ts';
import { identityOf, type CachedBody } from './page-cache.ts';
import { jsonTarget, storefrontPageTarget } from './storefront-target.ts';
import { websitePageTarget } from './website-target.ts';

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;
/** `site`: a website page (its CSP also lets the video players be framed). */
type Kind = 'html' | 'json' | 'site';
/** What a GET asks for: a kind of answer and its cache key. */
interface Wanted {
  kind: Kind;
  key: string;
}

/** `writeHead` lists for one cached body, built on its first hit and kept beside it. */
interface Heads {
  gzip: string[];
  br: string[];
  identity: string[];
  notModified: string[];
}

/** The public JSON read (http/routes/storefront/storefront-routes.ts), also answered here when cached. */
export const STOREFRONT_JSON_PATH = '/api/storefront';

/**
 * The storefront's hottest path (ARCHITECTURE "Storefront speed": measured against nginx): a GET
 * for a published page that is already in memory is answered on the raw Node request, before
 * Fastify builds its request, reply, logger and hooks. Everything else — misses, previews,
 * requests carrying an Origin (CORS), other routes — goes to Fastify untouched.
 *
 * The answer is the one Fastify would give (http/routes/storefront/storefront-reply.ts): the same header lists,
 * passed in, plus the body's ETag, encoding and length, precomputed per body so a hit allocates
 * almost nothing. Cache hits answered here are not access-logged.
 */
export function createStorefrontFastPath(options: {
  productHosts: readonly string[];
  peek: (key: string) => CachedBody | undefined;
  headers: Record<Kind, readonly string[]>;
  /** Called after a published page (not the JSON) was answered 200 or 304: the analytics page view. */
  onServed?: ((request: IncomingMessage, body: CachedBody) => void) | undefined;
}) {
  const { onServed } = options;
  const heads = new WeakMap<CachedBody, Heads>();
  function headsOf(body: CachedBody, kind: Kind): Heads {
    let found = heads.get(body);
    if (!found) {
      const base = [...options.headers[kind], 'etag', body.etag, ...storeTagHeaders(body.storeId)];
      const encoded = (encoding: string, length: number) => [...base, 'content-encoding', encoding, 'content-length', String(length)];
      found = {
        gzip: encoded('gzip', body.gzip.length),
        br: encoded('br', body.br.length),
        identity: [...base, 'content-length', String(body.identityLength)],
        notModified: base,
      };
      heads.set(body, found);
    }
    return found;
  }
  /** First path segments that Fastify routes (`healthz`, `fn`, `files`…): never a storefront here. */
  const routed = new Set<string>();
  /**
   * Host → path → the page it asks for (null: no storefront page, or a path Fastify routes). Spec
   * §2 mode planning costs ~4 µs; two Map lookups far less, with no string built per request.
   */
  const pages = new Map<string, Map<string, Wanted | null>>();
  let remembered = 0;
  const REMEMBER_MAX = 4096;

  function pageOf(host: string, path: string): Wanted | null {
    let byPath = pages.get(host);
    let wanted = byPath?.get(path);
    if (wanted === undefined) {
      const end = path.indexOf('/', 1);
      const isRouted = routed.has(path.slice(1, end < 0 ? undefined : end).toLowerCase());
      const store = isRouted ? null : storefrontPageTarget(host, path, options.productHosts);
      const site = isRouted || store ? null : websitePageTarget(host, path, options.productHosts);
      wanted = store ? { kind: 'html', key: store.key } : site ? { kind: 'site', key: site.key } : null;
      if (remembered >= REMEMBER_MAX) {
        pages.clear();
        remembered = 0;
        byPath = undefined;
      }
      if (!byPath) pages.set(host, (byPath = new Map()));
      byPath.set(path, wanted);
      remembered += 1;
    }
    return wanted;
  }

  /** The cache key a GET asks for, and which kind of answer it is; null: not ours to answer. */
  function keyOf(request: IncomingMessage): Wanted | null {
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
    return pageOf(request.headers.host ?? '', path);
  }

  function handle(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || request.headers.origin !== undefined) return false;
    const wanted = keyOf(request);
    const body = wanted ? options.peek(wanted.key) : undefined;
    if (!wanted || !body) return false;

    const head = headsOf(body, wanted.kind);
    if (matchesEtag(request.headers['if-none-match'], body.etag)) {
      response.writeHead(304, head.notModified);
      response.end();
      if (onServed && wanted.kind !== 'json') onServed(request, body);
      return true;
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') {
      response.writeHead(200, head.identity);
      response.end(identityOf(body));
    } else {
      response.writeHead(200, head[encoding]);
      response.end(encoding === 'br' ? body.br : body.gzip);
    }
    if (onServed && wanted.kind !== 'json') onServed(request, body);
    return true;
  }

  return {
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
