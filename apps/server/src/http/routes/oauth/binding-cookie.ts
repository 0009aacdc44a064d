import type { IncomingHttpHeaders } from 'node:http';
import { cookieIsSecure } from '#src/http/session-cookie.ts';
import type { Env } from '#src/env.ts';
import { OAUTH_MODES, OAUTH_STATE_TTL_MS, type OAuthMode } from '#src/identity/oauth/oauth-state.ts';

/**
 * `sf_oauth`: binds an OAuth attempt to the browser that started it (the state row holds the
 * hash of the random binding). HttpOnly, SameSite=Lax (the provider sends the browser back with
 * a top-level GET), scoped to /auth/oauth, gone after 10 minutes or at the callback. The mode
 * rides along so a callback whose state is unusable can still answer a popup as a popup.
 */
export const OAUTH_COOKIE_NAME = 'sf_oauth';
const COOKIE_PATH = '/auth/oauth';

export function bindingCookieHeader(env: Pick<Env, 'publicUrl'>, value: { mode: OAuthMode; binding: string } | null): string {
  return [
    `${OAUTH_COOKIE_NAME}=${value ? `${value.mode}.${value.binding}` : ''}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${value ? OAUTH_STATE_TTL_MS / 1000 : 0}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(cookieIsSecure(env) ? ['Secure'] : []),
  ].join('; ');
}

export function readBindingCookie(headers: IncomingHttpHeaders): { mode: OAuthMode; binding: string } | null {
  for (const part of (headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== OAUTH_COOKIE_NAME) continue;
    const match = /^(redirect|popup)\.([A-Za-z0-9_-]{43})$/.exec(part.slice(separator + 1).trim());
    if (match && (OAUTH_MODES as readonly string[]).includes(match[1]!)) return { mode: match[1] as OAuthMode, binding: match[2]! };
  }
  return null;
}
