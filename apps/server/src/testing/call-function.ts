import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_PUBLIC_URL } from './test-env.ts';

/** Whoever sends a request, as the headers that carry it: a Bearer token, a cookie, an origin. */
export interface Caller {
  headers: Record<string, string>;
}

export interface CallOptions {
  /** Who calls; nobody (no credentials, no origin) when left out. */
  as?: Caller | null;
  /** Headers sent on top of the caller's (a proxy's X-Forwarded-For, a foreign Origin…). */
  headers?: Record<string, string>;
  /** The client address the server sees (rate limits are per address). */
  remoteAddress?: string;
}

/** Our own web app's origin: cookie-bearing requests must come from it (http/origin-check.ts). */
export const TRUSTED = { origin: TEST_PUBLIC_URL } as const;

/** The web app on our own origin, signed out; pass a session cookie in `headers`. */
export const WEB_APP: Caller = { headers: TRUSTED };

/**
 * The one way tests call a function: POST /fn/{name} the way the web client does, as the given
 * caller. The reply gives the status (`statusCode`), the body (`json()`) and the headers.
 */
export function callFunction(
  app: FastifyInstance,
  name: string,
  data: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/fn/${name}`,
    headers: { 'content-type': 'application/json', ...options.as?.headers, ...options.headers },
    payload: JSON.stringify({ data }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** What a caller sees of a reply: the status and the whole body. */
export function seen(response: LightMyRequestResponse): { status: number; body: unknown } {
  return { status: response.statusCode, body: response.json() };
}

/** The wire error of a failed call (`{error:{status,message,details}}`). */
export function errorOf(response: LightMyRequestResponse): { status: string; message: string; details?: unknown } {
  return (response.json() as { error: { status: string; message: string; details?: unknown } }).error;
}

export function cookieHeader(token: string): Record<string, string> {
  return { cookie: `sf_session=${token}` };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
