import { AppError, MESSAGES, PRODUCT_MESSAGES, STORE_OFFLINE_MESSAGES } from '@shopfront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ViewRecorder } from '#src/analytics/record-view.ts';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { createStorefrontFastPath, STOREFRONT_JSON_PATH } from '#src/storefront/fast-path.ts';
import type { PageTarget, StorefrontService } from '#src/storefront/storefront-service.ts';
import { jsonTarget, storefrontPageTarget } from '#src/storefront/storefront-target.ts';
import type { StorefrontRenderer } from '#src/storefront/ssr-renderer.ts';
import { sendError } from '#src/http/callable/callable-reply.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';
import { sendCachedBody, storefrontHeaders } from './storefront-reply.ts';

/** What an offline store's answers suggest: look again in an hour. */
export const OFFLINE_RETRY_AFTER_SECONDS = '3600';

export interface StorefrontRouteOptions {
  env: Env;
  db: Database;
  /** The app's page cache and renderer (built in app.ts, closed with the app). */
  service: StorefrontService;
  now: () => Date;
  /** Records the page views of published pages (absent: analytics is off). */
  views?: ViewRecorder | undefined;
}

/**
 * Server-rendered storefront pages for `/{slug}…` and bio subdomains, answered from the in-memory
 * cache in an onRequest hook (before routing work, the hot path), plus the public JSON read
 * `GET /api/storefront?slug=…|host=…[&product=…]`. Product pages (`…/p/{productSlug}`) are cached
 * beside their store and answer "Product not found" (404) without their product. Registered on
 * the root instance so the hook sees every request; it only takes GETs that no route but the
 * static files' catch-all claimed.
 */
export async function registerStorefrontRoutes(app: FastifyInstance, options: StorefrontRouteOptions): Promise<void> {
  const { env, db, service, views } = options;

  // Cache hits are answered before Fastify (storefront/fast-path.ts), with the same header lists.
  const headers = storefrontHeaders(env);
  const fastPath = createStorefrontFastPath({
    productHosts: env.productHosts,
    peek: (key) => service.peek(key),
    headers: { html: headers.publishedPage, json: headers.publishedJson, site: headers.websitePage },
    onServed: views,
  });
  app.addHook('onRoute', (route) => fastPath.addRoute(route.url));
  app.addHook('onReady', async () => fastPath.install(app.server));
  const published = { headers: headers.publishedPage, etag: true } as const;
  const notFound = { status: 404, headers: headers.notFoundPage, etag: false } as const;
  // An offline store is a temporary state, not a missing page: 503 with a retry hint, never cached.
  const offline = { status: 503, headers: [...headers.notFoundPage, 'retry-after', OFFLINE_RETRY_AFTER_SECONDS], etag: false } as const;

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const route = request.routeOptions.url;
    if (route !== undefined && route !== '/*') return;
    const url = request.url;
    const mark = url.indexOf('?');
    const target = storefrontPageTarget(request.headers.host ?? '', mark < 0 ? url : url.slice(0, mark), env.productHosts);
    if (!target) return;
    const preview = mark >= 0 && new URLSearchParams(url.slice(mark + 1)).get('preview') === 'true';
    if (!preview) {
      const hit = service.peek(target.key);
      if (hit) {
        views?.(request.raw, hit);
        return sendCachedBody(request, reply, hit, published);
      }
    }
    const renderer = await service.getRenderer();
    if (!renderer) return; // the web app is not built: the SPA answers
    if (preview) return sendPreview(request, reply, target, renderer);
    const page = await service.page(target, renderer);
    if (page) {
      views?.(request.raw, page);
      return sendCachedBody(request, reply, page, { ...published, miss: true });
    }
    return sendNotFound(request, reply, target, renderer);
  });

  /** `?preview=true`: the owner's draft; anyone else the published store. Never cached anywhere. */
  async function sendPreview(request: FastifyRequest, reply: FastifyReply, target: PageTarget, renderer: StorefrontRenderer) {
    const caller = await resolveCaller(request, { db, now: options.now }).catch(() => null);
    const draft = caller?.kind === 'creator' ? await service.previewPage(target, caller.userId, renderer) : null;
    const page = draft ?? (await service.page(target, renderer));
    if (!page) return sendNotFound(request, reply, target, renderer);
    return sendCachedBody(request, reply, page, { headers: headers.previewPage, etag: false });
  }

  /**
   * No published page: the store is offline ("This store is offline", 503), or a product page of
   * an existing store lacks that published product ("Product not found"), or there is no store.
   */
  async function sendNotFound(request: FastifyRequest, reply: FastifyReply, target: PageTarget, renderer: StorefrontRenderer) {
    const offlinePage = await service.offlinePage(target, renderer, homeUrlFor(target));
    if (offlinePage) return sendCachedBody(request, reply, offlinePage, offline);
    const missingProduct = target.productSlug === undefined ? null : await service.productNotFoundPage(target, renderer);
    if (!missingProduct) return sendStoreNotFound(request, reply, target, renderer);
    return sendCachedBody(request, reply, missingProduct, notFound);
  }

  async function sendStoreNotFound(request: FastifyRequest, reply: FastifyReply, target: PageTarget, renderer: StorefrontRenderer) {
    // A host no store owns: core resolveAppMode gives the dashboard there, so the SPA answers.
    if (target.storeKeys[0]?.by === 'customDomain') return;
    const page = await service.notFoundPage(homeUrlFor(target), renderer);
    return sendCachedBody(request, reply, page, notFound);
  }

  /** The platform's home: relative on its own hosts, absolute on a bio or custom domain. */
  function homeUrlFor(target: PageTarget): string {
    return target.storeKeys[0]?.by === 'slug' ? '/' : `${env.publicUrl}/`;
  }

  app.get<{ Querystring: { slug?: string; host?: string; product?: string } }>(STOREFRONT_JSON_PATH, async (request, reply) => {
    const { slug, host, product } = request.query;
    const store = typeof slug === 'string' && slug ? { slug } : typeof host === 'string' && host ? { host } : null;
    const productSlug = typeof product === 'string' && product ? product : undefined;
    if (!store || (slug && slug.length > 100) || (host && host.length > 253) || (product !== undefined && (!productSlug || productSlug.length > 100))) {
      return sendError(request, reply, new AppError('invalid-argument', 'Ask for a store by slug or by host.'), 400);
    }
    const target = jsonTarget(productSlug ? { ...store, product: productSlug } : store, env.productHosts);
    const hit = target ? service.peek(target.key) : undefined;
    const body = hit ?? (target ? await service.json(target) : null);
    if (!body && target && (await service.isOffline(target))) {
      reply.header('retry-after', OFFLINE_RETRY_AFTER_SECONDS);
      return sendError(request, reply, new AppError('unavailable', STORE_OFFLINE_MESSAGES.error), 503);
    }
    if (!body) {
      const message = productSlug ? PRODUCT_MESSAGES.productNotFound : MESSAGES.stores.notFound;
      return sendError(request, reply, new AppError('not-found', message), 404);
    }
    return sendCachedBody(request, reply, body, { headers: headers.publishedJson, etag: true, cors: true, miss: !hit });
  });
}
