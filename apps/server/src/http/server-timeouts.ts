import type { Server, ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/**
 * How long the server waits on a client (docs/architecture.md "Timeouts"). A slow client may hold
 * a socket, never the server: headers arrive within seconds or the connection is cut; a body may
 * take long, because a product file streams up to 512 MB, but not for ever; a socket that moves no
 * byte either way is closed.
 */
export interface ServerTimeouts {
  /** The request line and every header. Browsers send them in one packet; slowloris drips them. */
  headersMs: number;
  /** The whole request, body included: a 512 MB product file at 2.5 Mbit/s takes about 28 minutes. */
  requestMs: number;
  /**
   * No byte in or out on a socket: a stalled upload, a download nobody reads, and the wait between
   * two requests on one connection (keep-alive). Above the 60 s idle timeout of common load
   * balancers, so the proxy closes first and never reuses a socket the server just closed. SSE
   * heartbeats are 25 s.
   */
  idleMs: number;
  /** How often Node checks the header and request deadlines (each check walks the open connections). */
  checkEveryMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30 * 60_000,
  idleMs: 72_000,
  checkEveryMs: 1_000,
};

/** The Fastify and node:http options that set them (Fastify's own defaults leave two of them off). */
export function serverTimeoutOptions(timeouts: ServerTimeouts): Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout'> & { http: ServerOptions } {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
  };
}

/**
 * Leaves keep-alive to the idle timer: one timer per socket, armed when the connection opens and
 * pushed back by each read and write. Node's keep-alive timeout would swap it for a new timer
 * after every response and back when the next request arrives, two timers made per request: about
 * 2 % of what a cached storefront page costs the server (docs/analytics.md "One timer per
 * connection"). Set on the server itself: Fastify takes a `keepAliveTimeout` of 0 for its default,
 * 72 s. Without it Node sends no `Keep-Alive: timeout=` header.
 */
export function idleTimerOnly(server: Pick<Server, 'keepAliveTimeout'>): void {
  server.keepAliveTimeout = 0;
}
