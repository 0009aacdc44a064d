import { z } from 'zod';
import { fetchJson, type FetchFn } from '../http-json.ts';
import type { Jwk } from '../jws.ts';

/**
 * OpenID Connect Discovery 1.0 for the operator's OIDC_ISSUER, and its JWKS. Both are cached;
 * the key set is refetched when a token names an unknown key (rotation), at most once per
 * REFRESH_INTERVAL so a stream of bogus key ids cannot make us hammer the issuer.
 */
export const METADATA_TTL_MS = 60 * 60_000;
export const KEYS_TTL_MS = 60 * 60_000;
export const KEYS_REFRESH_INTERVAL_MS = 30_000;

export interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string | undefined;
  id_token_signing_alg_values_supported?: string[] | undefined;
}

const MetadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  userinfo_endpoint: z.string().optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});
const JwksSchema = z.object({ keys: z.array(z.looseObject({ kty: z.string() })) });

export interface OidcDiscovery {
  metadata(): Promise<OidcMetadata>;
  keys(options: { refresh: boolean }): Promise<Jwk[]>;
}

export interface DiscoveryOptions {
  issuer: string;
  fetch?: FetchFn;
  timeoutMs?: number;
  /** Wall clock for the caches (milliseconds). */
  clock?: () => number;
}

export class DiscoveryError extends Error {
  override name = 'DiscoveryError';
}

export function createOidcDiscovery(options: DiscoveryOptions): OidcDiscovery {
  const clock = options.clock ?? Date.now;
  const get = (url: string) => fetchJson(url, { fetch: options.fetch, timeoutMs: options.timeoutMs });
  let metadataCache: { value: OidcMetadata; at: number } | null = null;
  let keysCache: { value: Jwk[]; at: number } | null = null;
  let pendingKeys: Promise<Jwk[]> | null = null;

  async function metadata(): Promise<OidcMetadata> {
    if (metadataCache && clock() - metadataCache.at < METADATA_TTL_MS) return metadataCache.value;
    const value = parseMetadata(options.issuer, await get(`${options.issuer}/.well-known/openid-configuration`));
    metadataCache = { value, at: clock() };
    return value;
  }

  async function keys({ refresh }: { refresh: boolean }): Promise<Jwk[]> {
    const age = keysCache ? clock() - keysCache.at : Infinity;
    const fresh = keysCache && age < KEYS_TTL_MS && (!refresh || age < KEYS_REFRESH_INTERVAL_MS);
    if (keysCache && fresh) return keysCache.value;
    pendingKeys ??= (async () => {
      try {
        const { jwks_uri } = await metadata();
        const parsed = JwksSchema.safeParse(await get(jwks_uri));
        if (!parsed.success) throw new DiscoveryError('jwks_uri did not return a JWK set');
        keysCache = { value: parsed.data.keys as Jwk[], at: clock() };
        return keysCache.value;
      } finally {
        pendingKeys = null;
      }
    })();
    return pendingKeys;
  }

  return { metadata, keys };
}

/**
 * Discovery §4.3: the document's issuer must be the one we asked (a trailing slash aside), and
 * every endpoint must be https, or http only on the loopback host of a local development issuer.
 */
export function parseMetadata(issuer: string, body: unknown): OidcMetadata {
  const parsed = MetadataSchema.safeParse(body);
  if (!parsed.success) throw new DiscoveryError('discovery document is missing required fields');
  const metadata = parsed.data;
  if (metadata.issuer.replace(/\/+$/, '') !== issuer.replace(/\/+$/, '')) {
    throw new DiscoveryError(`discovery document names another issuer (${metadata.issuer})`);
  }
  const issuerUrl = new URL(issuer);
  const endpoints = [metadata.authorization_endpoint, metadata.token_endpoint, metadata.jwks_uri, metadata.userinfo_endpoint];
  for (const endpoint of endpoints) {
    if (endpoint !== undefined && !isAllowedEndpoint(endpoint, issuerUrl)) {
      throw new DiscoveryError(`discovery endpoint is not https: ${endpoint}`);
    }
  }
  return metadata;
}

function isAllowedEndpoint(value: string, issuer: URL): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && issuer.protocol === 'http:' && url.host === issuer.host;
}
