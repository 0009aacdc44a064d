// Exports the calendar feed handlers: its status, a new URL (shown once), revoking it.
import { revokeBookingFeed } from '#src/domain/bookings/booking-feed.ts';
import { bookingFeedStatus, newBookingFeedUrl } from '#src/domain/bookings/creator/feed-url.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler } from '../types.ts';

export const getBookingFeedStatus: Handler<'getBookingFeedStatus'> = async (input, ctx) => bookingFeedStatus(ctx.db, (await ownedStore(ctx, input.storeId)).id);

export const createBookingFeedUrl: Handler<'createBookingFeedUrl'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  return newBookingFeedUrl(ctx.db, { storeId: store.id, publicUrl: ctx.env.publicUrl, now: ctx.now() });
};

export const revokeBookingFeedUrl: Handler<'revokeBookingFeedUrl'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  await revokeBookingFeed(ctx.db, { storeId: store.id });
  return bookingFeedStatus(ctx.db, store.id);
};
