import type { ServerOptions } from 'node:http';
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
  /** No byte in or out on a socket (a stalled upload, a download nobody reads). SSE heartbeats are 25 s. */
  idleMs: number;
  /** Between two requests on one connection; above the 60 s idle timeout of common load balancers. */
  keepAliveMs: number;
  /** How often Node checks the header and request deadlines (each check walks the open connections). */
  checkEveryMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30 * 60_000,
  idleMs: 60_000,
  keepAliveMs: 72_000,
  checkEveryMs: 1_000,
};

/** The Fastify and node:http options that set them (Fastify's own defaults leave two of them off). */
export function serverTimeoutOptions(
  timeouts: ServerTimeouts,
): Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'> & { http: ServerOptions } {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
  };
}
