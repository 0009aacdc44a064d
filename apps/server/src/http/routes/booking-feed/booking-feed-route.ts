import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { bookingFeedForToken } from '#src/domain/bookings/booking-feed.ts';

export interface BookingFeedRouteOptions {
  db: Database;
  now: () => Date;
}

export const BOOKING_FEED_NOT_FOUND = 'This calendar feed was not found.';

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The creator's private calendar feed (decision 043): `GET /api/bookings/feed/<token>.ics`, the
 * URL the dashboard shows once. Only the token's hash is stored; an unknown, malformed or revoked
 * token answers the same 404. The feed is the creator's alone, so no shared cache may keep it.
 */
export async function bookingFeedRoutes(app: FastifyInstance, options: BookingFeedRouteOptions): Promise<void> {
  app.get<{ Params: { file: string } }>('/api/bookings/feed/:file', async (request, reply) => {
    const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -'.ics'.length) : '';
    const feed = TOKEN.test(token) ? await bookingFeedForToken(options.db, { token, now: options.now() }) : null;
    reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
    if (feed === null) return reply.code(404).type('text/plain; charset=utf-8').send(BOOKING_FEED_NOT_FOUND);
    return reply.code(200).type('text/calendar; charset=utf-8').send(feed);
  });
}
