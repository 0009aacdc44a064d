import { AppError, ID_PREFIXES, isWellFormedId, MESSAGES } from '@shopfront/core';
import type { FastifyReply } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Env } from '../env.ts';

export const SESSION_COOKIE_NAME = 'sf_session';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * SECURITY "Sessions and the browser": `HttpOnly; Secure; SameSite=Lax; Path=/` with a max age.
 * `Secure` is dropped only when PUBLIC_URL is plain http on localhost, where browsers would not
 * keep a Secure cookie sent over http.
 */
export function cookieIsSecure(env: Pick<Env, 'publicUrl'>): boolean {
  const url = new URL(env.publicUrl);
  return !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}

export function sessionCookieHeader(env: Pick<Env, 'publicUrl'>, token: string, maxAgeSeconds: number, name = SESSION_COOKIE_NAME): string {
  const parts = [
    `${name}=${token}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(cookieIsSecure(env) ? ['Secure'] : []),
  ];
  return parts.join('; ');
}

/** Appends (Fastify keeps several Set-Cookie headers), so other cookies on the reply survive. */
export function setSessionCookie(reply: FastifyReply, env: Pick<Env, 'publicUrl'>, token: string, expiresAt: Date, now = new Date()): void {
  const maxAge = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  reply.header('set-cookie', sessionCookieHeader(env, token, maxAge));
}

export function clearSessionCookie(reply: FastifyReply, env: Pick<Env, 'publicUrl'>): void {
  reply.header('set-cookie', sessionCookieHeader(env, '', 0));
}

/** The session token from the Cookie header, if any (tokens are never read from a URL or body). */
export function readSessionCookie(headers: IncomingHttpHeaders, name = SESSION_COOKIE_NAME): string | null {
  const header = headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return /^[A-Za-z0-9_-]{16,200}$/.test(value) ? value : null;
  }
  return null;
}

/** `Authorization: Bearer <idToken>`, for API clients. */
export function readBearerToken(headers: IncomingHttpHeaders): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})\s*$/i.exec(headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** Bearer first (API clients), else the cookie (browsers). */
export function readSessionToken(headers: IncomingHttpHeaders): string | null {
  return readBearerToken(headers) ?? readSessionCookie(headers);
}

/**
 * The members area: one customer session cookie per store, `sfc_<storeId>`, with the same
 * attributes as `sf_session`. The platform cookie is never read as a customer's, nor the reverse.
 * SECURITY: a cookie name is never built from unchecked input, so a malformed store id is refused
 * here too, whatever the caller checked before.
 */
export function customerCookieName(storeId: string): string {
  if (!isWellFormedId(storeId, ID_PREFIXES.store)) throw new AppError('invalid-argument', MESSAGES.generic.invalidArgument);
  return `sfc_${storeId}`;
}

export function setCustomerCookie(
  reply: FastifyReply,
  env: Pick<Env, 'publicUrl'>,
  storeId: string,
  token: string,
  expiresAt: Date,
  now = new Date(),
): void {
  const maxAge = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  reply.header('set-cookie', sessionCookieHeader(env, token, maxAge, customerCookieName(storeId)));
}

export function clearCustomerCookie(reply: FastifyReply, env: Pick<Env, 'publicUrl'>, storeId: string): void {
  reply.header('set-cookie', sessionCookieHeader(env, '', 0, customerCookieName(storeId)));
}

/** A customer's token for this store: Bearer first (API clients), else the store's `sfc_` cookie. */
export function readCustomerSessionToken(headers: IncomingHttpHeaders, storeId: string): string | null {
  const bearer = readBearerToken(headers);
  if (bearer) return bearer;
  return isWellFormedId(storeId, ID_PREFIXES.store) ? readSessionCookie(headers, customerCookieName(storeId)) : null;
}
