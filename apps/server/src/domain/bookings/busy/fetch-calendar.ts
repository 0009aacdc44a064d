// Exports fetchCalendar: GETs a creator's calendar feed safely (public addresses only, time and size limits, checked redirects).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError } from '@shopfront/core';
import { CALENDAR_FETCH_TIMEOUT_MS, CALENDAR_MAX_BYTES, CALENDAR_MAX_REDIRECTS, CALENDAR_MESSAGES } from './calendar-messages.ts';
import { checkCalendarUrl, isPublicAddress, type OutboundRules } from './calendar-url.ts';

export type CalendarFetch = { kind: 'not-modified' } | { kind: 'fetched'; body: string; etag: string | null };

/** Why a feed could not be read this time; the message is shown to the creator as the source's error. */
export class CalendarFetchError extends Error {
  override readonly name = 'CalendarFetchError';
}

export interface FetchCalendarOptions extends OutboundRules {
  etag?: string | null | undefined;
  timeoutMs?: number | undefined;
  maxBytes?: number | undefined;
}

/**
 * The feed's text, or `not-modified` when its ETag still matches. Every hop is checked like the
 * pasted URL, and the host name's addresses are checked when connecting (so a name that resolves
 * to a private address, now or after a redirect, is refused whatever the URL looked like). One
 * deadline covers all hops; a body over the size limit is cut off.
 */
export async function fetchCalendar(url: string, options: FetchCalendarOptions = {}): Promise<CalendarFetch> {
  const timeoutMs = options.timeoutMs ?? CALENDAR_FETCH_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  for (let hop = 0; hop <= CALENDAR_MAX_REDIRECTS; hop++) {
    let target: URL;
    try {
      target = checkCalendarUrl(current, options);
    } catch (error) {
      throw new CalendarFetchError(error instanceof AppError ? error.message : CALENDAR_MESSAGES.invalidUrl);
    }
    const response = await get(target, { ...options, signal, timeoutMs });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && status !== 304) {
      response.resume();
      const location = response.headers.location;
      if (!location) throw new CalendarFetchError(CALENDAR_MESSAGES.httpStatus(status));
      current = new URL(location, target).href;
      continue;
    }
    if (status === 304) {
      response.resume();
      return { kind: 'not-modified' };
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new CalendarFetchError(CALENDAR_MESSAGES.httpStatus(status));
    }
    const body = await readBody(response, options.maxBytes ?? CALENDAR_MAX_BYTES, timeoutMs, signal);
    const etag = response.headers.etag;
    return { kind: 'fetched', body, etag: typeof etag === 'string' && etag.length <= 200 ? etag : null };
  }
  throw new CalendarFetchError(CALENDAR_MESSAGES.tooManyRedirects);
}

function get(url: URL, options: FetchCalendarOptions & { signal: AbortSignal; timeoutMs: number }): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Shopfront-Calendar/1', ...(options.etag ? { 'if-none-match': options.etag } : {}) },
      lookup: guardedLookup(options),
      signal: options.signal,
    });
    req.on('response', resolve);
    req.on('error', (error: NodeJS.ErrnoException) => reject(fetchError(error, options.timeoutMs)));
    req.end();
  });
}

function readBody(response: IncomingMessage, maxBytes: number, timeoutMs: number, signal: AbortSignal): Promise<string> {
  const tooLarge = () => new CalendarFetchError(CALENDAR_MESSAGES.tooLarge(Math.round(maxBytes / (1024 * 1024))));
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const abort = () => response.destroy(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    response.on('end', () => {
      signal.removeEventListener('abort', abort);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    response.on('error', (error: NodeJS.ErrnoException) => reject(fetchError(error, timeoutMs)));
  });
}

function fetchError(error: NodeJS.ErrnoException, timeoutMs: number): CalendarFetchError {
  if (error instanceof CalendarFetchError) return error;
  if (error.code === 'EPRIVATEADDRESS') return new CalendarFetchError(CALENDAR_MESSAGES.privateAddress);
  if (error.name === 'TimeoutError' || error.name === 'AbortError' || error.code === 'ABORT_ERR') return new CalendarFetchError(CALENDAR_MESSAGES.timedOut(Math.ceil(timeoutMs / 1000)));
  return new CalendarFetchError(CALENDAR_MESSAGES.unreachable);
}

/** DNS as usual, but a name with any non-public address is refused before connecting (no rebinding between check and use). */
export function guardedLookup(rules: OutboundRules): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address, rules))) {
        return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATEADDRESS' }), '');
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as unknown as LookupFunction;
}
