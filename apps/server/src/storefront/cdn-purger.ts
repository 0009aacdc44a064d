import type { PurgeConfig } from '../env/front-env.ts';

/** Asks a shared cache in front (a CDN) to forget everything filed under some tags. */
export interface CdnPurger {
  /** Resolves once the CDN accepted the purge; throws (to be retried) otherwise. */
  purge(tags: readonly string[]): Promise<void>;
}

/** A purge that hangs must not hold a job slot for long; the job queue retries it. */
const PURGE_TIMEOUT_MS = 10_000;

/**
 * The purger CDN_PURGE chooses: none; a generic HTTP endpoint that takes `POST {"tags": […]}`
 * (with `Authorization: Bearer CDN_PURGE_TOKEN` when set); or Cloudflare's purge by tag,
 * `POST {api}/client/v4/zones/{zone}/purge_cache {"tags": […]}` with an API token
 * (developers.cloudflare.com/api/resources/cache/methods/purge).
 */
export function createCdnPurger(config: PurgeConfig, fetchImpl: typeof fetch = fetch): CdnPurger {
  switch (config.kind) {
    case 'none':
      return { purge: async () => undefined };
    case 'http':
      return {
        async purge(tags) {
          await post(fetchImpl, config.url, tags, config.token, 'purge URL');
        },
      };
    case 'cloudflare': {
      const url = `${config.apiUrl}/client/v4/zones/${encodeURIComponent(config.zoneId)}/purge_cache`;
      return {
        async purge(tags) {
          const answer = await post(fetchImpl, url, tags, config.apiToken, 'Cloudflare');
          // Cloudflare answers 200 with `success: false` for some refusals.
          if (!(answer as { success?: unknown } | null)?.success) throw new Error(`Cloudflare refused the purge: ${JSON.stringify(answer).slice(0, 300)}`);
        },
      };
    }
  }
}

async function post(fetchImpl: typeof fetch, url: string, tags: readonly string[], token: string | null, name: string): Promise<unknown> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ tags }),
    signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${name} answered ${response.status} to the purge: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
