import { AppError, MESSAGES } from '@shopfront/core';
import type { IncomingHttpHeaders } from 'node:http';
import { isTrustedOrigin, type OriginEnv } from '../identity/trusted-origin.ts';
import { SESSION_COOKIE_NAME } from './session-cookie.ts';

/** Functions whose reply sets the session cookie: login CSRF is refused like any cookie write. */
export const COOKIE_SETTING_FUNCTIONS: ReadonlySet<string> = new Set([
  'signUp',
  'signInWithPassword',
  'completeMfaSignIn',
  'completeMfaSignInWithRecoveryCode',
  'signInWithEmailLink',
]);

/** Members-area functions whose reply sets a store's customer cookie (`sfc_<storeId>`). */
export const CUSTOMER_COOKIE_SETTING_FUNCTIONS: ReadonlySet<string> = new Set(['customerSignUp', 'customerSignIn', 'customerResetPassword']);

/**
 * SECURITY "Cookie-authenticated writes require … a trusted Origin; cross-site, null or missing
 * origins are refused". Bearer-only calls carry no ambient credential and need no Origin.
 */
export function assertTrustedOrigin(headers: IncomingHttpHeaders, env: OriginEnv, functionName: string): void {
  const origin = typeof headers.origin === 'string' ? headers.origin : null;
  if (carriesSessionCookie(headers) || COOKIE_SETTING_FUNCTIONS.has(functionName)) {
    if (origin && isTrustedOrigin(origin, env)) return;
    throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
  }
  // A store's members area runs on the platform host or on the store's own domain: a customer
  // cookie write must come from the page's own origin (or a trusted one).
  if (carriesCustomerCookie(headers) || CUSTOMER_COOKIE_SETTING_FUNCTIONS.has(functionName)) {
    if (origin && (isTrustedOrigin(origin, env) || isSameOrigin(origin, headers.host))) return;
    throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
  }
}

function cookieNames(headers: IncomingHttpHeaders): string[] {
  return (headers.cookie ?? '').split(';').map((part) => part.split('=')[0]?.trim() ?? '');
}

/** Any `sf_session` cookie, well-formed or not. */
function carriesSessionCookie(headers: IncomingHttpHeaders): boolean {
  return cookieNames(headers).includes(SESSION_COOKIE_NAME);
}

/** Any store customer cookie (`sfc_<storeId>`). */
function carriesCustomerCookie(headers: IncomingHttpHeaders): boolean {
  return cookieNames(headers).some((name) => name.startsWith('sfc_'));
}

function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}
