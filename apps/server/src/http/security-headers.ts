import { createHash } from 'node:crypto';
import cors from '@fastify/cors';
import { SIGNUP_TIME_ZONE_SCRIPT } from '@shopfront/core/signup-form';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';
import type { RegionsConfig } from '../env/regions-env.ts';
import { corsOptionsFor } from './callable/mirrored-read-cors.ts';

/** Headers the firebase SDK and our web client send with a callable request. */
export const CORS_ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'x-firebase-appcheck',
  'firebase-instance-id-token',
  'x-firebase-gmpid',
  'x-firebase-client',
  'x-client-version',
  'x-requested-with',
];

/**
 * The CSP of our pages (SECURITY: no inline script, `object-src 'none'`, `base-uri 'none'`, `frame-ancestors`).
 * `regionOrigins`: where the page may also send the store reads it makes on its nearest region.
 */
export function cspDirectives(https: boolean, regionOrigins: readonly string[] = []): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...new Set(regionOrigins)],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The only frames our pages may hold: the VideoEmbed block's privacy-enhanced players (core
 * `youtubeOrVimeoEmbedUrl`), on published website pages and on the dashboard's page editor canvas.
 */
export const VIDEO_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** Our CSP plus the video players' frames (decision 028): website pages and dashboard documents. */
export function videoFramesCspDirectives(https: boolean, regionOrigins: readonly string[] = []): Record<string, string[]> {
  return { ...cspDirectives(https, regionOrigins), frameSrc: VIDEO_FRAME_SOURCES };
}

/**
 * The one inline script a website page may run, allowed by its hash: the signup form's time-zone
 * filler (core `website/signup-form.ts`), which only pages with a signup form carry.
 */
export const SIGNUP_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(SIGNUP_TIME_ZONE_SCRIPT).digest('base64')}'`;

/** Website pages (decision 028): the video players' frames and the signup form's time-zone script. */
export function websiteCspDirectives(https: boolean, regionOrigins: readonly string[] = []): Record<string, string[]> {
  return { ...videoFramesCspDirectives(https, regionOrigins), scriptSrc: ["'self'", SIGNUP_SCRIPT_CSP_SOURCE] };
}

/** A course lesson's players (core rules/embed-url.ts): the website's, and Loom's. */
export const LESSON_FRAME_SOURCES = [...VIDEO_FRAME_SOURCES, 'https://www.loom.com'];

/**
 * Our CSP for members-area documents, where the course player lives: a lesson's embedded player,
 * and `blob:` media, the MediaSource URL hls.js plays a lesson's HLS video from.
 */
export function membersCspDirectives(https: boolean, regionOrigins: readonly string[] = []): Record<string, string[]> {
  return { ...cspDirectives(https, regionOrigins), frameSrc: LESSON_FRAME_SOURCES, mediaSrc: ["'self'", 'blob:'] };
}

/**
 * Our CSP for storefront pages: a course's page plays its free-preview lessons there (the storefront's
 * course extra), so it may frame the lesson players and play `blob:` media (hls.js) like the members
 * area. One policy for every storefront page: the page cache and the fast path answer a page with
 * one header set, and nothing else on a storefront page makes a frame (descriptions are sanitised).
 */
export function storefrontCspDirectives(https: boolean, regionOrigins: readonly string[] = []): Record<string, string[]> {
  return membersCspDirectives(https, regionOrigins);
}

/** Each data region's public origin (REGION_URLS); none when the platform runs in one region. */
export function regionOrigins(env: { regions?: Pick<RegionsConfig, 'urls'> }): string[] {
  return Object.values(env.regions?.urls ?? {}).filter((origin): origin is string => typeof origin === 'string');
}

/** The header value, written the way helmet writes it (`default-src 'self';script-src …`). */
export function cspHeaderValue(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...sources].join(' '))
    .join(';');
}

const HSTS = 'max-age=15552000';
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * SECURITY's required set and nothing more — CSP, nosniff, Referrer-Policy, HSTS over https — as a
 * flat `[name, value, …]` list for `writeHead`. Storefront pages carry exactly these (decision 013), with
 * the storefront's CSP (`storefrontCspDirectives`):
 * every header costs the server and every client on the hottest path.
 */
export function essentialSecurityHeaders(env: Pick<Env, 'publicUrl'> & { regions?: Pick<RegionsConfig, 'urls'> }): string[] {
  const https = env.publicUrl.startsWith('https://');
  return [
    'content-security-policy',
    cspHeaderValue(storefrontCspDirectives(https, regionOrigins(env))),
    'referrer-policy',
    REFERRER_POLICY,
    'x-content-type-options',
    'nosniff',
    ...(https ? ['strict-transport-security', HSTS] : []),
  ];
}

/**
 * What helmet sent with our options, written once: @fastify/helmet rebuilt its middleware (and
 * re-serialised the CSP) on every request, 3–4 % of a small dashboard call's CPU (docs/selling.md
 * "At 100,000 orders"). The same names and values, byte for byte.
 */
export function appSecurityHeaders(env: Pick<Env, 'publicUrl'> & { regions?: Pick<RegionsConfig, 'urls'> }): Record<string, string> {
  const https = env.publicUrl.startsWith('https://');
  return {
    'content-security-policy': cspHeaderValue(cspDirectives(https, regionOrigins(env))),
    // The OAuth popup must keep `window.opener` to report back (identity/oauth popup page).
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'referrer-policy': REFERRER_POLICY,
    ...(https ? { 'strict-transport-security': HSTS } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    // Legacy headers no current browser acts on (IE download prompts, Flash policies, the removed
    // XSS auditor, DNS prefetch hints) are left out: ~150 bytes on every response.
  };
}

/**
 * SECURITY "Sessions and the browser": strict CSP (the client config is a JSON data block, so no
 * inline script is needed), nosniff, Referrer-Policy, HSTS only when served over https.
 * CORS for CORS_ORIGINS only, except the mirrored store reads any origin may make without
 * credentials (callable/mirrored-read-cors.ts); headers are set in onRequest, so error replies carry them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance, env: Env): Promise<void> {
  const headers = appSecurityHeaders(env);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const strict = {
    origin: env.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    maxAge: 600,
  };
  await app.register(cors, { delegator: (request, callback) => callback(null, corsOptionsFor(request, strict)) });
}
