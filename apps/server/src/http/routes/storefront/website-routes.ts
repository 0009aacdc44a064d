import { contracts, type StoreKey, type WebsiteRenderOptions } from '@shopfront/core';
import { SIGNUP_FORM_KEY_PATTERN } from '@shopfront/core/signup-form';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ViewRecorder } from '#src/analytics/record-view.ts';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { subscribeToStoreEmail } from '#src/domain/website/subscribe-to-store-email.ts';
import { prepareBody } from '#src/storefront/compress.ts';
import type { StorefrontService } from '#src/storefront/storefront-service.ts';
import type { StorefrontRenderer, WebsiteRenderer } from '#src/storefront/ssr-renderer.ts';
import type { WebsiteLookup } from '#src/storefront/website-loader.ts';
import { websitePageTarget, type WebsiteTarget } from '#src/storefront/website-target.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';
import { sendCachedBody, storefrontHeaders } from './storefront-reply.ts';
import { OFFLINE_RETRY_AFTER_SECONDS } from './storefront-routes.ts';
import { robotsText, sitemapXml, websiteFileTarget } from './website-files.ts';

/** The EmailSignup block's form posts here (same origin on every host the site is served on). */
export const WEBSITE_SUBSCRIBE_PATH = '/api/website/subscribe';
/** The landing preview's note on a development host (spec §2). */
export const DEVELOPMENT_BANNER = 'Website preview on a development host — visitors see the published site at its own address.';
/** A slug no page can have: the lookup of a deeper path answers the site's 404. */
const NO_PAGE = '\u0000';

export interface WebsiteRouteOptions {
  env: Env;
  db: Database;
  service: StorefrontService;
  now: () => Date;
  /** Records the page views of published pages (absent: analytics is off). */
  views?: ViewRecorder | undefined;
}

/**
 * Server-rendered website pages (decision 028): `/{slug}/website[/{page}]`, the landing preview
 * `/website/{slug}[/{page}]` and a verified custom domain (decision 014), cached and evicted like
 * storefront pages, with their sitemap.xml and robots.txt; `?preview=true` shows the owner's draft.
 * Plus the email signup's plain form post. Registered after the storefront routes.
 */
export async function registerWebsiteRoutes(app: FastifyInstance, options: WebsiteRouteOptions): Promise<void> {
  const { env, db, service } = options;
  const headers = storefrontHeaders(env);
  const published = { headers: headers.websitePage, etag: true } as const;
  const notFound = { status: 404, headers: headers.websiteNotFound, etag: false } as const;

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const route = request.routeOptions.url;
    if (route !== undefined && route !== '/*') return;
    const loader = service.websiteLoader;
    if (!loader) return;
    const url = request.url;
    const mark = url.indexOf('?');
    const host = request.headers.host ?? '';
    const path = mark < 0 ? url : url.slice(0, mark);

    const file = websiteFileTarget(host, path, env.productHosts);
    if (file) {
      const hit = service.peek(file.key);
      const body = hit ?? await service.cached(file.key, async () => {
        const sitemap = await firstFound(file.storeKeys, (key) => loader.loadSitemap(key));
        if (!sitemap) return null;
        return { storeId: sitemap.storeId, text: file.kind === 'sitemap' ? sitemapXml(sitemap) : robotsText(file.sitemapUrl) };
      });
      // Without a website the path is not ours: the storefront (or the SPA) answers it as before.
      if (!body) return;
      return sendCachedBody(request, reply, body, { headers: file.kind === 'sitemap' ? headers.sitemap : headers.robots, etag: true, miss: !hit });
    }

    const target = websitePageTarget(host, path, env.productHosts);
    if (!target) return;
    const renderer = await service.getRenderer();
    const website = renderer?.website;
    if (!renderer || !website) return; // the web app is not built: the SPA answers
    const preview = mark >= 0 && new URLSearchParams(url.slice(mark + 1)).get('preview') === 'true';
    if (preview) return sendPreview(request, reply, target, renderer, website);

    const hit = service.peek(target.key);
    if (hit) {
      options.views?.(request.raw, hit);
      return sendCachedBody(request, reply, hit, published);
    }
    let lookup: WebsiteLookup | null | undefined;
    const body = await service.cached(target.key, async () => {
      lookup = await lookupPublished(target);
      if (lookup?.kind === 'page') {
        const text = website.renderPage(lookup.data, renderOptions(target, lookup.data.store.slug));
        // The landing preview (`/website/{slug}`) is the dashboard's Preview: it records no view.
        const view = target.where === 'landing-preview' ? undefined : ({ type: 'page_view', productId: null, page: target.pageSlug } as const);
        return { storeId: lookup.data.store.id, text, ...(view ? { view } : {}) };
      }
      // A custom domain whose store has no website shows the storefront landing (decision 014).
      if (lookup?.kind === 'no-website' && target.storefrontFallback?.key === target.key) {
        const data = await service.publishedStorefront(target.storefrontFallback.storeKeys);
        return data ? { storeId: data.store.id, text: renderer.renderStore(data, ''), view: { type: 'storefront_view', productId: null, page: null } } : null;
      }
      return null;
    });
    if (body) {
      options.views?.(request.raw, body);
      return sendCachedBody(request, reply, body, { ...published, miss: true });
    }
    // A concurrent miss shared another request's fill: look again for what to answer.
    lookup ??= await lookupPublished(target);
    return sendUnpublished(request, reply, target, lookup, renderer, website, notFound);
  });

  const lookupPublished = (target: WebsiteTarget) => firstFound(target.storeKeys, (key) => service.websiteLoader!.loadPublished(key, target.pageSlug ?? NO_PAGE));

  function renderOptions(target: WebsiteTarget, storeSlug: string): WebsiteRenderOptions {
    return {
      basePath: target.basePath,
      storeBasePath: target.storeBasePath,
      // On its own domain the website holds `/`: the storefront's landing is the platform's.
      storeHref: target.where === 'custom-domain' ? `${env.publicUrl}/${encodeURIComponent(storeSlug)}` : target.storeBasePath,
      subscribeAction: WEBSITE_SUBSCRIBE_PATH,
      ...(target.where === 'landing-preview' && env.nodeEnv !== 'production' ? { banner: DEVELOPMENT_BANNER } : {}),
    };
  }

  /** No published page to show: the site's 404, the storefront (custom domain without a website), offline, or Website Not Found. */
  async function sendUnpublished(
    request: FastifyRequest,
    reply: FastifyReply,
    target: WebsiteTarget,
    lookup: WebsiteLookup | null,
    renderer: StorefrontRenderer,
    website: WebsiteRenderer,
    answer: { status: number; headers: readonly string[]; etag: false },
  ) {
    if (lookup?.kind === 'missing-page') {
      const text = website.renderNotFound({ ...renderOptions(target, lookup.store.slug), store: lookup.store, pages: lookup.pages });
      return sendCachedBody(request, reply, await prepareBody(lookup.store.id, text), answer);
    }
    if (lookup?.kind === 'no-website' && target.storefrontFallback) {
      const page = await service.page(target.storefrontFallback, renderer);
      if (page) {
        options.views?.(request.raw, page);
        return sendCachedBody(request, reply, page, { ...published, miss: true });
      }
    }
    const homeUrl = target.where === 'custom-domain' ? `${env.publicUrl}/` : '/';
    if (!lookup) {
      const offline = await service.offlinePage({ storeKeys: target.storeKeys, basePath: target.storeBasePath }, renderer, homeUrl);
      if (offline) return sendCachedBody(request, reply, offline, { status: 503, headers: [...headers.notFoundPage, 'retry-after', OFFLINE_RETRY_AFTER_SECONDS], etag: false });
      // A host no store owns: core resolveAppMode gives the dashboard there, so the SPA answers.
      if (target.where === 'custom-domain') return;
    }
    const banner = target.where === 'landing-preview' && env.nodeEnv !== 'production' ? DEVELOPMENT_BANNER : undefined;
    const text = website.renderMissing({ slug: target.slug, homeUrl, ...(banner ? { banner } : {}) });
    return sendCachedBody(request, reply, await prepareBody('', text), answer);
  }

  /** `?preview=true`: the owner's draft; anyone else the published page. Never cached anywhere. */
  async function sendPreview(request: FastifyRequest, reply: FastifyReply, target: WebsiteTarget, renderer: StorefrontRenderer, website: WebsiteRenderer) {
    const caller = await resolveCaller(request, { db, now: options.now }).catch(() => null);
    const loader = service.websiteLoader!;
    const draft =
      caller?.kind === 'creator' ? await firstFound(target.storeKeys, (key) => loader.loadPreview(key, caller.userId, target.pageSlug ?? NO_PAGE)) : null;
    const lookup = draft ?? (await lookupPublished(target));
    const privately = { headers: headers.websitePreview, etag: false } as const;
    if (lookup?.kind === 'page') {
      return sendCachedBody(request, reply, await prepareBody(lookup.data.store.id, website.renderPage(lookup.data, renderOptions(target, lookup.data.store.slug))), privately);
    }
    return sendUnpublished(request, reply, target, lookup, renderer, website, { status: 404, headers: headers.websitePreview, etag: false });
  }

  await app.register(async (scope) => registerSubscribeRoute(scope, options));
}

/**
 * POST /api/website/subscribe (form-encoded, from the EmailSignup block without JavaScript):
 * subscribes through the same domain code as `subscribeToStoreEmail`, then sends the visitor back
 * to the page with `#ws-signup-done-{block}` (or `#ws-signup-failed-{block}`), which the page's CSS
 * reveals. The answer says nothing about the address (subscribed, withdrawn or suppressed alike).
 * Like the pages it sits on, it works whatever the websiteBuilder flag says (decision 028).
 */
async function registerSubscribeRoute(app: FastifyInstance, options: WebsiteRouteOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post<{ Body: Record<string, string> | undefined }>(WEBSITE_SUBSCRIBE_PATH, async (request, reply) => {
    const form = request.body ?? {};
    const posted = SIGNUP_FORM_KEY_PATTERN.test(form.block ?? '') ? form.block : undefined;
    const block = posted ?? 'signup';
    const back = safeReturnPath(form.returnTo);
    let ok = false;
    const input = contracts.subscribeToStoreEmail.input.safeParse({ storeId: form.storeId, email: form.email, consent: form.consent === 'true', timeZone: form.timeZone, form: posted });
    if (input.success) {
      ok = await subscribeToStoreEmail({ db: options.db, storeId: input.data.storeId, email: input.data.email, timeZone: input.data.timeZone, form: input.data.form, ip: request.ip, now: options.now() })
        .then(() => true)
        .catch((error: unknown) => {
          request.log.info({ err: error }, 'website email signup refused');
          return false;
        });
    }
    return reply
      .header('cache-control', 'no-store')
      .redirect(`${back}#ws-signup-${ok ? 'done' : 'failed'}-${block}`, 303);
  });
}

/** SECURITY: a same-site relative path only (`/x`, never `//x`, `/\x` or a scheme); else `/`. */
export function safeReturnPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || [...value].some((ch) => ch < ' ' || ch === '#' || ch === '?')) return '/';
  return value.slice(0, 300);
}

/** The first non-null answer, trying the keys in order. */
async function firstFound<T>(keys: readonly StoreKey[], find: (key: StoreKey) => Promise<T | null>): Promise<T | null> {
  for (const key of keys) {
    const found = await find(key);
    if (found) return found;
  }
  return null;
}
