// Exports findOrderBooking: a call order's confirmed booking, as its receipt and thank-you page describe it.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { bookings, callSettings, type CallLocationKind } from '#src/db/schema/index.ts';
import { callLocationValue } from './meeting-link.ts';

export interface OrderBooking {
  startsAt: Date;
  endsAt: Date;
  /** The zone the buyer booked in. */
  timeZone: string;
  locationKind: CallLocationKind;
  /** The video link, phone number or address; null for a link made per booking and not made yet. */
  locationValue: string | null;
}

/** The order's first confirmed booking (a package's first call), or null (not a call, or its time was lost before payment). */
export async function findOrderBooking(db: Executor, orderId: string): Promise<OrderBooking | null> {
  const [row] = await db
    .select({ booking: bookings, locationKind: callSettings.locationKind, locationValue: callSettings.locationValue })
    .from(bookings)
    .innerJoin(callSettings, eq(callSettings.productId, bookings.productId))
    .where(and(eq(bookings.orderId, orderId), eq(bookings.status, 'confirmed')))
    .orderBy(asc(bookings.startsAt))
    .limit(1);
  if (!row) return null;
  return {
    startsAt: row.booking.startsAt,
    endsAt: row.booking.endsAt,
    timeZone: row.booking.buyerTimeZone,
    locationKind: row.locationKind,
    locationValue: callLocationValue(row, row.booking),
  };
}
