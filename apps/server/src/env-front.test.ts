import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source, '/srv');
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseEnv: the caching front', () => {
  it('defaults: a one-second shared microcache, no purger, a 128 MB page cache', () => {
    expect(parseEnv({}, '/srv').front).toEqual({
      sharedMaxAgeSeconds: 1,
      staleWhileRevalidateSeconds: 5,
      pageCacheMaxBytes: 32 * 1024 * 1024,
      purge: { kind: 'none' },
    });
  });

  it('reads every variable, and Cloudflare defaults to its public API', () => {
    const front = parseEnv(
      { STOREFRONT_S_MAXAGE: '60', STOREFRONT_STALE_WHILE_REVALIDATE: '0', PAGE_CACHE_MAX_BYTES: '1048576', CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: 'a'.repeat(32), CLOUDFLARE_API_TOKEN: 'tok' },
      '/srv',
    ).front;
    expect(front).toEqual({
      sharedMaxAgeSeconds: 60,
      staleWhileRevalidateSeconds: 0,
      pageCacheMaxBytes: 1048576,
      purge: { kind: 'cloudflare', zoneId: 'a'.repeat(32), apiToken: 'tok', apiUrl: 'https://api.cloudflare.com' },
    });
    expect(parseEnv({ CDN_PURGE: 'http', CDN_PURGE_URL: 'http://varnish:6081/purge' }, '/srv').front.purge).toEqual({ kind: 'http', url: 'http://varnish:6081/purge', token: null });
  });

  it('refuses a purger without its settings, and bounds on both sides', () => {
    expect(problemsOf({ CDN_PURGE: 'cloudflare' })).toEqual([
      'CLOUDFLARE_ZONE_ID: Required when CDN_PURGE=cloudflare',
      'CLOUDFLARE_API_TOKEN: Required when CDN_PURGE=cloudflare',
    ]);
    expect(problemsOf({ CDN_PURGE: 'http' })).toEqual(['CDN_PURGE_URL: Required when CDN_PURGE=http']);
    expect(problemsOf({ CDN_PURGE: 'fastly' })).toHaveLength(1);
    expect(problemsOf({ PAGE_CACHE_MAX_BYTES: String(1024 * 1024 - 1) })).toHaveLength(1);
    expect(problemsOf({ PAGE_CACHE_MAX_BYTES: String(1024 * 1024) })).toEqual([]);
    expect(problemsOf({ STOREFRONT_S_MAXAGE: '-1' })).toHaveLength(1);
    expect(problemsOf({ STOREFRONT_S_MAXAGE: '0' })).toEqual([]);
  });
});
