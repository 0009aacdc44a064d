import { z } from 'zod';

/**
 * What sits in front of the servers (docs/storefront-caching.md): how long shared caches (nginx,
 * a CDN) may keep a published page, which purger runs when a store changes, and the in-memory
 * page cache's byte bound.
 */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
const seconds = unsetIfEmpty(z.coerce.number().int().min(0).max(31_536_000));
const httpUrl = z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' });

export const FRONT_DEFAULTS = {
  /**
   * A microcache: a publish shows through nginx within about a second with no purge at all, and
   * one request per second per page still reaches the server (nothing, next to the traffic).
   */
  sharedMaxAgeSeconds: 1,
  /** How long a shared cache may answer an expired copy while it fetches the new one. */
  staleWhileRevalidateSeconds: 5,
  /**
   * ~21 KB a landing page as kept (storefront-service.ts): about 1,600 stores' pages. Under a Zipf
   * load over 10,000 stores that serves about three visits in four from memory (docs/
   * storefront-caching.md "Measured"); each 32 MB more adds as much to the server's resident memory
   * and takes the hit rate up by a few points. The rest are rendered on a miss.
   */
  pageCacheMaxBytes: 32 * 1024 * 1024,
  cloudflareApiUrl: 'https://api.cloudflare.com',
} as const;

export const PURGERS = ['none', 'http', 'cloudflare'] as const;

export const FRONT_ENV_SHAPE = {
  /** `s-maxage` of published storefront and website pages (seconds; 0: shared caches revalidate every time). */
  STOREFRONT_S_MAXAGE: seconds,
  /** `stale-while-revalidate` of the same pages (seconds). */
  STOREFRONT_STALE_WHILE_REVALIDATE: seconds,
  /** The in-memory page cache's bound in bytes (least recently used stores go first). */
  PAGE_CACHE_MAX_BYTES: unsetIfEmpty(z.coerce.number().int().min(1024 * 1024).max(64 * 1024 ** 3)),
  /** `none` (default), `http` (POST the store's tags to CDN_PURGE_URL) or `cloudflare` (purge by tag). */
  CDN_PURGE: unsetIfEmpty(z.enum(PURGERS)),
  CDN_PURGE_URL: unsetIfEmpty(httpUrl),
  /** Sent as `Authorization: Bearer …` to CDN_PURGE_URL when set. */
  CDN_PURGE_TOKEN: unsetIfEmpty(z.string().trim().min(1)),
  CLOUDFLARE_ZONE_ID: unsetIfEmpty(z.string().trim().regex(/^[a-f0-9]{32}$/i, 'Expected a 32-character Cloudflare zone id')),
  CLOUDFLARE_API_TOKEN: unsetIfEmpty(z.string().trim().min(1)),
  /** Cloudflare's API origin (tests point it at a stand-in). */
  CLOUDFLARE_API_URL: unsetIfEmpty(httpUrl),
};

export type FrontEnv = z.output<z.ZodObject<typeof FRONT_ENV_SHAPE>>;

export type PurgeConfig =
  | { kind: 'none' }
  | { kind: 'http'; url: string; token: string | null }
  | { kind: 'cloudflare'; zoneId: string; apiToken: string; apiUrl: string };

export interface FrontConfig {
  sharedMaxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
  pageCacheMaxBytes: number;
  purge: PurgeConfig;
}

/** The variables a purger needs, listed with every other bad variable. */
export function checkFrontEnv(raw: FrontEnv, context: z.RefinementCtx): void {
  const missing = (name: string, why: string) => context.addIssue({ code: 'custom', path: [name], message: `Required when ${why}` });
  if (raw.CDN_PURGE === 'http' && !raw.CDN_PURGE_URL) missing('CDN_PURGE_URL', 'CDN_PURGE=http');
  if (raw.CDN_PURGE === 'cloudflare') {
    if (!raw.CLOUDFLARE_ZONE_ID) missing('CLOUDFLARE_ZONE_ID', 'CDN_PURGE=cloudflare');
    if (!raw.CLOUDFLARE_API_TOKEN) missing('CLOUDFLARE_API_TOKEN', 'CDN_PURGE=cloudflare');
  }
}

export function frontConfigFromEnv(raw: FrontEnv): FrontConfig {
  return {
    sharedMaxAgeSeconds: raw.STOREFRONT_S_MAXAGE ?? FRONT_DEFAULTS.sharedMaxAgeSeconds,
    staleWhileRevalidateSeconds: raw.STOREFRONT_STALE_WHILE_REVALIDATE ?? FRONT_DEFAULTS.staleWhileRevalidateSeconds,
    pageCacheMaxBytes: raw.PAGE_CACHE_MAX_BYTES ?? FRONT_DEFAULTS.pageCacheMaxBytes,
    purge: purgeConfig(raw),
  };
}

function purgeConfig(raw: FrontEnv): PurgeConfig {
  if (raw.CDN_PURGE === 'http' && raw.CDN_PURGE_URL) return { kind: 'http', url: raw.CDN_PURGE_URL, token: raw.CDN_PURGE_TOKEN ?? null };
  if (raw.CDN_PURGE === 'cloudflare' && raw.CLOUDFLARE_ZONE_ID && raw.CLOUDFLARE_API_TOKEN) {
    const apiUrl = new URL(raw.CLOUDFLARE_API_URL ?? FRONT_DEFAULTS.cloudflareApiUrl).origin;
    return { kind: 'cloudflare', zoneId: raw.CLOUDFLARE_ZONE_ID, apiToken: raw.CLOUDFLARE_API_TOKEN, apiUrl };
  }
  return { kind: 'none' };
}
