import type { Env } from '../env.ts';

export type OriginEnv = Pick<Env, 'publicUrl' | 'corsOrigins' | 'productHosts'>;

/**
 * One of our own origins: PUBLIC_URL's, CORS_ORIGINS, or http(s) on any product host and port.
 * Cookie writes (http/origin-check.ts), checkout returns and sign-in link continue URLs all trust
 * exactly these.
 */
export function isTrustedOrigin(origin: string, env: OriginEnv): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin !== origin) return false; // browsers send the serialised origin, nothing else
  if (url.origin === new URL(env.publicUrl).origin) return true;
  if (env.corsOrigins.includes(url.origin)) return true;
  return env.productHosts.includes(url.hostname.toLowerCase());
}
