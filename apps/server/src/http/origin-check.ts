import { AppError, MESSAGES } from '@shopfront/core';
import type { IncomingHttpHeaders } from 'node:http';
import type { Env } from '../env.ts';
import { SESSION_COOKIE_NAME } from './session-cookie.ts';

/** Functions whose reply sets the session cookie: login CSRF is refused like any cookie write. */
export const COOKIE_SETTING_FUNCTIONS: ReadonlySet<string> = new Set([
  'signUp',
  'signInWithPassword',
  'completeMfaSignIn',
  'signInWithEmailLink',
]);

type OriginEnv = Pick<Env, 'publicUrl' | 'corsOrigins' | 'productHosts'>;

/** PUBLIC_URL's origin, CORS_ORIGINS, and http(s) on any product host and port. */
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

/**
 * SECURITY "Cookie-authenticated writes require … a trusted Origin; cross-site, null or missing
 * origins are refused". Bearer-only calls carry no ambient credential and need no Origin.
 */
export function assertTrustedOrigin(headers: IncomingHttpHeaders, env: OriginEnv, functionName: string): void {
  if (!carriesSessionCookie(headers) && !COOKIE_SETTING_FUNCTIONS.has(functionName)) return;
  const origin = headers.origin;
  if (typeof origin === 'string' && isTrustedOrigin(origin, env)) return;
  throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
}

/** Any `sf_session` cookie, well-formed or not. */
function carriesSessionCookie(headers: IncomingHttpHeaders): boolean {
  return (headers.cookie ?? '').split(';').some((part) => part.split('=')[0]?.trim() === SESSION_COOKIE_NAME);
}
