import { AppError } from '@shopfront/core';
import type { FastifyInstance } from 'fastify';
import type { AnalyticsBuffer } from '#src/analytics/analytics-buffer.ts';
import { describeUserAgent } from '#src/domain/analytics/ingest/describe-client.ts';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { sendError } from '#src/http/callable/callable-reply.ts';
import { BEACON_LIMITS, BEACON_MESSAGES, parseBeacon } from './beacon-body.ts';
import { takeBeaconEvents } from './beacon-limits.ts';

export const ANALYTICS_EVENTS_PATH = '/api/analytics/events';

export interface AnalyticsRouteOptions {
  env: Env;
  db: Database;
  analytics: Pick<AnalyticsBuffer, 'record' | 'now' | 'enabled'>;
}

/**
 * POST /api/analytics/events: the storefront script's beacon (navigator.sendBeacon sends
 * text/plain, fetch keepalive application/json). 204 once the events are queued — and also for a
 * bot or with analytics off, when nothing is kept; events for a store that does not exist are
 * discarded at flush time. 400 for a malformed batch, 413 past 4 KB or 20 events, 429 past the
 * per-IP or per-store limit (fixed one-minute windows in PostgreSQL, shared by every server: beacon-limits.ts).
 */
export async function analyticsRoutes(app: FastifyInstance, options: AnalyticsRouteOptions): Promise<void> {
  const { analytics, db, env } = options;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['text/plain', 'application/json'], { parseAs: 'string', bodyLimit: BEACON_LIMITS.maxBytes }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error, request, reply) => {
    if ((error as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(request, reply, new AppError('invalid-argument', BEACON_MESSAGES.tooLarge), 413);
    }
    throw error;
  });

  app.post<{ Body: string | undefined }>(ANALYTICS_EVENTS_PATH, async (request, reply) => {
    const parsed = parseBeacon(typeof request.body === 'string' ? request.body : '');
    if (!parsed.ok) return sendError(request, reply, new AppError('invalid-argument', parsed.message), parsed.status);
    const { beacon } = parsed;
    const userAgent = request.headers['user-agent'] ?? '';
    reply.header('cache-control', 'no-store');
    if (!analytics.enabled || describeUserAgent(userAgent).bot) return reply.code(204).send();

    const now = analytics.now();
    const count = beacon.events.length;
    const wait = await takeBeaconEvents(db, env, { ip: request.ip, storeId: beacon.storeId, count, now: new Date(now) });
    if (wait > 0) return sendError(request, reply, new AppError('resource-exhausted', BEACON_MESSAGES.rateLimited, { retryAfterSeconds: wait }), 429);

    const host = request.headers.host ?? '';
    for (const event of beacon.events) {
      analytics.record({
        at: now,
        storeId: beacon.storeId,
        type: event.type,
        productId: event.productId,
        linkId: event.linkId,
        page: null,
        ip: request.ip,
        userAgent,
        referrer: beacon.referrer,
        query: beacon.query,
        host,
      });
    }
    return reply.code(204).send();
  });
}
