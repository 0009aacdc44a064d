// Exports callLocationValue and setBookingMeetingLink: a booking's own meeting link, where its call makes one per booking.
import { AppError, MEETING_LINK_MESSAGES as ML, MESSAGES } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookings, callSettings, type BookingRow, type CallLocationKind } from '#src/db/schema/index.ts';
import { queueBookingNotice } from './notify/queue-booking-notices.ts';

/**
 * Where one booking's call happens: the call's video link, phone number or address, or, for a link
 * made per booking, the booking's own link (null until the creator makes it).
 */
export function callLocationValue(call: { locationKind: CallLocationKind; locationValue: string | null }, booking: Pick<BookingRow, 'meetingLink'>): string | null {
  return call.locationKind === 'per-booking-link' ? booking.meetingLink : call.locationValue;
}

/**
 * Stores the link on a confirmed, not yet ended booking of a per-booking-link call and raises its
 * sequence, queueing the buyer's updated invite in the same transaction (keyed by the sequence, so
 * it is sent once). The same link again changes nothing. Another store's booking answers 404.
 */
export async function setBookingMeetingLink(db: Database, input: { storeId: string; bookingId: string; url: string; now: Date }): Promise<BookingRow> {
  if (!isHttpsUrl(input.url)) throw new AppError('invalid-argument', ML.url);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ booking: bookings, locationKind: callSettings.locationKind })
      .from(bookings)
      .innerJoin(callSettings, eq(callSettings.productId, bookings.productId))
      .where(and(eq(bookings.id, input.bookingId), eq(bookings.storeId, input.storeId)))
      .for('update', { of: bookings });
    if (!found) throw new AppError('not-found', MESSAGES.generic.notFound);
    const { booking } = found;
    if (found.locationKind !== 'per-booking-link') throw new AppError('failed-precondition', ML.notPerBooking);
    if (booking.status !== 'confirmed' || booking.endsAt.getTime() <= input.now.getTime()) throw new AppError('failed-precondition', ML.closed);
    if (booking.meetingLink === input.url) return booking;
    const [row] = await tx
      .update(bookings)
      .set({ meetingLink: input.url, sequence: sql`${bookings.sequence} + 1`, updatedAt: input.now })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!row) throw new Error('booking vanished');
    await queueBookingNotice(tx, row, { notice: 'meeting-link', now: input.now });
    return row;
  });
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
