// Exports bookingFeedStatus and newBookingFeedUrl: the creator's private calendar feed as the dashboard shows it.
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { bookingFeeds } from '#src/db/schema/index.ts';
import { createBookingFeedToken } from '../booking-feed.ts';

/** The feed's path; the route answers `GET /api/bookings/feed/<token>.ics`. */
export const bookingFeedPath = (token: string) => `/api/bookings/feed/${token}.ics`;

export async function bookingFeedStatus(db: Executor, storeId: string): Promise<{ active: boolean; createdAt: string | null }> {
  const [feed] = await db.select({ createdAt: bookingFeeds.createdAt }).from(bookingFeeds).where(eq(bookingFeeds.storeId, storeId));
  return { active: feed !== undefined, createdAt: feed?.createdAt.toISOString() ?? null };
}

/** A new URL (the token is in it, shown this once); the previous URL stops working. */
export async function newBookingFeedUrl(db: Executor, options: { storeId: string; publicUrl: string; now: Date }): Promise<{ url: string; createdAt: string }> {
  const token = await createBookingFeedToken(db, options);
  return { url: `${options.publicUrl.replace(/\/$/, '')}${bookingFeedPath(token)}`, createdAt: options.now.toISOString() };
}
