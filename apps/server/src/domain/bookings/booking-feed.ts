// Exports the creator's private calendar feed: its token (made, revoked, resolved) and its text.
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { bookingFeeds, bookings, callSettings, products, storeAvailability, stores } from '#src/db/schema/index.ts';
import { hashToken, newSecretToken } from '#src/identity/tokens.ts';
import { bookingFeed } from './booking-ics.ts';
import { callLocationValue } from './meeting-link.ts';

/** How far back the feed still lists calls. */
const FEED_PAST_DAYS = 90;

/**
 * A new feed token for the store (256 random bits, only its hash kept), replacing any earlier one:
 * the old URL stops working at once. The token is shown once, inside the feed URL.
 */
export async function createBookingFeedToken(db: Executor, options: { storeId: string; now: Date }): Promise<string> {
  const token = newSecretToken();
  await db
    .insert(bookingFeeds)
    .values({ storeId: options.storeId, tokenHash: hashToken(token), createdAt: options.now })
    .onConflictDoUpdate({ target: bookingFeeds.storeId, set: { tokenHash: hashToken(token), createdAt: options.now } });
  return token;
}

/** Turns the store's feed off: every URL made so far answers like an unknown one. */
export async function revokeBookingFeed(db: Executor, options: { storeId: string }): Promise<void> {
  await db.delete(bookingFeeds).where(eq(bookingFeeds.storeId, options.storeId));
}

/** The feed for a token, or null for an unknown or revoked one. */
export async function bookingFeedForToken(db: Executor, options: { token: string; now: Date }): Promise<string | null> {
  const [feed] = await db
    .select({ storeId: bookingFeeds.storeId, storeName: stores.name, storeZone: stores.timeZone, zone: storeAvailability.timeZone })
    .from(bookingFeeds)
    .innerJoin(stores, eq(stores.id, bookingFeeds.storeId))
    .leftJoin(storeAvailability, eq(storeAvailability.storeId, bookingFeeds.storeId))
    .where(eq(bookingFeeds.tokenHash, hashToken(options.token)));
  if (!feed) return null;
  const rows = await db
    .select({
      booking: bookings,
      call: { productTitle: products.title, locationKind: callSettings.locationKind, locationValue: callSettings.locationValue, intakeQuestions: callSettings.intakeQuestions },
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(callSettings, eq(callSettings.productId, bookings.productId))
    .where(
      and(
        eq(bookings.storeId, feed.storeId),
        inArray(bookings.status, ['confirmed', 'no_show']),
        gte(bookings.endsAt, new Date(options.now.getTime() - FEED_PAST_DAYS * 86_400_000)),
      ),
    )
    .orderBy(bookings.startsAt);
  // A link made per booking is the booking's own.
  const located = rows.map((row) => ({ ...row, call: { ...row.call, locationValue: callLocationValue(row.call, row.booking) } }));
  return bookingFeed(located, { storeName: feed.storeName, timeZone: feed.zone ?? feed.storeZone, now: options.now });
}
