import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CLIENT_CONFIG_ELEMENT_ID, ClientConfigSchema, planAppMode, type ClientConfig } from '@shopfront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '#src/env.ts';
import { prepareBody } from '#src/storefront/compress.ts';
import { pickEncoding } from '#src/storefront/negotiate.ts';
import { identityOf, type CachedBody } from '#src/storefront/page-cache.ts';
import { addVary, encodeAnswer } from '#src/http/compress-answers.ts';
import { cspHeaderValue, membersCspDirectives, regionOrigins, videoFramesCspDirectives } from '#src/http/security-headers.ts';
import { DASHBOARD_MODE_KEY, MEMBERS_MODE_KEY, readModePreloadLinks } from './mode-preload.ts';

export const WEB_NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shopfront is starting</title></head>
<body><h1>Web app not built</h1><p>The web app has not been built yet: run <code>npm run build</code>, then reload.</p></body></html>
`;

/** The page templates: answered only with the client config injected, never as plain files. */
const PAGE_FILES = new Set(['/index.html', '/landing.html']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
/** An offline store's pages suggest looking again in an hour (as the storefront's offline page does). */
const OFFLINE_STORE_RETRY_AFTER_SECONDS = '3600';

export function clientConfigFor(env: Env): ClientConfig {
  return ClientConfigSchema.parse({
    productHosts: env.productHosts,
    environment: env.nodeEnv,
    publicUrl: env.publicUrl,
    bioDomain: env.bioDomain,
    ...(Object.keys(env.regions.urls).length > 0 ? { regions: env.regions.urls } : {}),
  });
}

/** `<` escaped so no creator- or operator-supplied text can close the element early. */
export function renderConfigElement(config: ClientConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>`;
}

/**
 * One origin: the built web app from apps/web/dist. Hashed files under /assets are
 * cached for a year; any file that is missing falls through to the not-found handler, which
 * answers the SPA page (see `sendSpaPage`). The build writes `.br` and `.gz` beside each file
 * (apps/web/scripts/compress-assets.mjs): `preCompressed` answers the best one the client accepts,
 * with `Vary: Accept-Encoding`, and the file itself when there is none.
 */
export async function webAppRoutes(app: FastifyInstance, options: { webDistDir: string }): Promise<void> {
  await app.register(fastifyStatic, {
    root: options.webDistDir,
    prefix: '/',
    wildcard: true,
    index: false,
    dotfiles: 'ignore',
    suppressWarning: true,
    cacheControl: false,
    preCompressed: true,
    // Only file names (`x.js`, `favicon.svg`): directories and app routes go to the SPA page.
    allowedPath: (pathName) => !PAGE_FILES.has(pathName) && /\.[^/]+$/.test(pathName),
    setHeaders: (reply, filePath) => {
      const immutable = filePath.startsWith(join(options.webDistDir, 'assets') + '/');
      reply.header('cache-control', immutable ? IMMUTABLE : REVALIDATE);
    },
  });
}

/**
 * index.html with the client config injected, re-read only when the file changes (a rebuild).
 * `/` on a product host (spec §2 landing) gets landing.html instead when the build wrote it: the same
 * page with the landing page prerendered in #root, so it reads without JavaScript (decision 021).
 */
export function createSpaPage(options: { webDistDir: string; env: Env; sessionBoot?: (request: FastifyRequest) => Promise<string> }) {
  const configElement = renderConfigElement(clientConfigFor(options.env));
  const spa = pageFile(join(options.webDistDir, 'index.html'), async () => configElement);
  // Dashboard and members pages also preload their mode's own chunks, read from the same build's manifest.
  const dashboard = pageFile(join(options.webDistDir, 'index.html'), async () => configElement + (await readModePreloadLinks(options.webDistDir, DASHBOARD_MODE_KEY)));
  const members = pageFile(join(options.webDistDir, 'index.html'), async () => configElement + (await readModePreloadLinks(options.webDistDir, MEMBERS_MODE_KEY)));
  const landing = pageFile(join(options.webDistDir, 'landing.html'), async () => configElement);
  // The page editor's canvas shows VideoEmbed blocks, so dashboard documents may frame the players.
  const dashboardCsp = cspHeaderValue(videoFramesCspDirectives(options.env.publicUrl.startsWith('https://'), regionOrigins(options.env)));
  // The members area's course player frames a lesson's embed and plays HLS from blob: URLs.
  const membersCsp = cspHeaderValue(membersCspDirectives(options.env.publicUrl.startsWith('https://'), regionOrigins(options.env)));

  /** `status`: 404 when the page's store does not exist, 503 while it is offline (the page is the same, see spaPageStatus). */
  return async function sendSpaPage(reply: FastifyReply, status: 200 | 404 | 503 = 200): Promise<FastifyReply> {
    const mode = modeOf(reply.request, options.env);
    const page = (isLandingHome(reply.request, options.env) ? await landing() : null) ?? (mode === 'dashboard' ? await dashboard() : mode === 'members' ? await members() : await spa());
    if (page === null) {
      return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(WEB_NOT_BUILT_HTML);
    }
    if (status === 503) reply.header('retry-after', OFFLINE_STORE_RETRY_AFTER_SECONDS);
    // A signed-in dashboard document carries its session's answer (session-boot.ts): it is that
    // person's page alone, so no shared cache may keep it and it varies with the cookie.
    const boot = mode === 'dashboard' && options.sessionBoot ? await options.sessionBoot(reply.request) : '';
    if (mode === 'dashboard') {
      reply.header('content-security-policy', dashboardCsp);
      addVary(reply, 'Cookie');
    }
    if (mode === 'members') reply.header('content-security-policy', membersCsp);
    addVary(reply, 'Accept-Encoding');
    const encoding = pickEncoding(reply.request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    reply.code(status).header('cache-control', boot ? 'private, no-cache' : 'no-cache').type('text/html; charset=utf-8');
    if (boot) {
      const html = identityOf(page).toString('utf8').replace('</head>', `${boot}</head>`);
      return reply.send(encoding === 'identity' ? html : encodeAnswer(html, encoding, Buffer.byteLength(html)));
    }
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : identityOf(page));
  };
}

function modeOf(request: FastifyRequest, env: Env) {
  const path = request.url.split('?')[0] ?? '/';
  return planAppMode({ host: request.headers.host ?? '', path, productHosts: env.productHosts }).mode;
}

function isLandingHome(request: FastifyRequest, env: Env): boolean {
  return (request.url.split('?')[0] ?? '/') === '/' && modeOf(request, env) === 'landing';
}

/**
 * One page template with `head()` (the config, and for the dashboard its preloads) injected,
 * compressed once per build (as the storefront's cached pages are); null while the file does not exist.
 */
function pageFile(file: string, head: () => Promise<string>): () => Promise<CachedBody | null> {
  let cached: { mtimeMs: number; page: CachedBody } | null = null;
  return async () => {
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    if (cached?.mtimeMs !== info.mtimeMs) {
      const source = await readFile(file, 'utf8');
      const extra = await head();
      const html = source.includes('</head>') ? source.replace('</head>', `${extra}</head>`) : `${extra}${source}`;
      cached = { mtimeMs: info.mtimeMs, page: await prepareBody('', html) };
    }
    return cached.page;
  };
}
