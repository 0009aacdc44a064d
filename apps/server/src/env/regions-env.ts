import { REGIONS, type Region } from '@shopfront/core';
import { z } from 'zod';

/**
 * Two data regions (docs/regions.md). REGION names this server's region; DATABASE_URL is always
 * the primary (us-central), where every write goes. A server with MIRROR_DATABASE_URL reads what
 * visitors see (stores, products, pages, domains) from that logical-replication subscriber while
 * it is healthy. PRIMARY_REGION_URL is where a secondary forwards every other function call.
 * REGION_URLS tells browsers where each region's functions answer.
 */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const httpUrl = z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL such as https://us.example.com' });

export const REGIONS_ENV_SHAPE = {
  REGION: unsetIfEmpty(z.enum(REGIONS)),
  MIRROR_DATABASE_URL: unsetIfEmpty(z.string().regex(/^postgres(ql)?:\/\//, 'Expected a postgres:// or postgresql:// URL')),
  PRIMARY_REGION_URL: unsetIfEmpty(httpUrl),
  /** `us-central=https://us.example.com,sydney=https://syd.example.com` */
  REGION_URLS: unsetIfEmpty(
    z.string().transform((text, context) => {
      const urls: Partial<Record<Region, string>> = {};
      for (const part of text.split(',').map((item) => item.trim()).filter(Boolean)) {
        const [name, url] = [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)];
        const region = REGIONS.find((candidate) => candidate === name);
        if (!region || !httpUrl.safeParse(url).success) {
          context.addIssue({ code: 'custom', message: `Expected region=url pairs such as us-central=https://us.example.com (got "${part}")` });
          return z.NEVER;
        }
        urls[region] = new URL(url).origin;
      }
      return urls;
    }),
  ),
  /** Past this replication lag (ms) visitor reads leave the mirror for the primary (default 5000). */
  MIRROR_MAX_LAG_MS: unsetIfEmpty(z.coerce.number().int().min(100).max(600_000)),
};

export type RegionsEnv = z.output<z.ZodObject<typeof REGIONS_ENV_SHAPE>>;

export interface RegionsConfig {
  /** This server's region (us-central unless REGION says otherwise). */
  region: Region;
  /** The other region's read replica this server reads visitor data from; null: the primary only. */
  mirrorDatabaseUrl: string | null;
  /** Where non-visitor function calls are forwarded (set on a secondary); null: answered here. */
  primaryUrl: string | null;
  /** Each region's public origin, for browsers; empty: one region, calls stay on the page's origin. */
  urls: Partial<Record<Region, string>>;
  maxLagMs: number;
}

export const REGIONS_DEFAULTS = Object.freeze({ maxLagMs: 5_000 });

export function regionsConfigFromEnv(raw: RegionsEnv): RegionsConfig {
  return {
    region: raw.REGION ?? 'us-central',
    mirrorDatabaseUrl: raw.MIRROR_DATABASE_URL ?? null,
    primaryUrl: raw.PRIMARY_REGION_URL ? raw.PRIMARY_REGION_URL.replace(/\/+$/, '') : null,
    urls: raw.REGION_URLS ?? {},
    maxLagMs: raw.MIRROR_MAX_LAG_MS ?? REGIONS_DEFAULTS.maxLagMs,
  };
}
