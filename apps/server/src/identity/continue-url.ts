import { isSafeReturnPath } from '@shopfront/core';
import { isTrustedOrigin, type OriginEnv } from './trusted-origin.ts';

/**
 * sendSignInLink's continueUrl: a same-site relative path (SECURITY's return-path rule, shared
 * with the OAuth routes) or an absolute URL on one of our own origins (as Firebase accepts).
 */
export function safeContinueUrl(
  value: string,
  env: OriginEnv,
): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return '/dashboard';
  if (trimmed.startsWith('/')) return isSafeReturnPath(trimmed) ? trimmed : null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return isTrustedOrigin(url.origin, env) ? url.href : null;
}
