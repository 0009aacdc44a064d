// Exports cancelBooking and markNoShow: a confirmed booking ends without the call.
import { AppError } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookings, type BookingRow } from '#src/db/schema/index.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { assertChangeAllowed, lockBooking, type ChangedBy } from './change-policy.ts';
import { queueBookingNotice } from './notify/queue-booking-notices.ts';

/**
 * Cancels a confirmed booking within the policy (the buyer until the product's notice before the
 * start, the creator always); its time is free at once. The iCalendar sequence goes up so the
 * calendars that have it mark it cancelled. Refunds per the policy come with the payment slice.
 */
export async function cancelBooking(db: Database, input: { storeId: string; bookingId: string; by: ChangedBy; now: Date }): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const { booking, changeNoticeHours } = await lockBooking(tx, input);
    assertChangeAllowed(booking, changeNoticeHours, input.by, input.now);
    const [row] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: input.now, cancelledBy: input.by, sequence: sql`${bookings.sequence} + 1`, updatedAt: input.now })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!row) throw new Error('cancelled booking vanished');
    await queueBookingNotice(tx, row, { notice: 'cancelled', now: input.now });
    return row;
  });
}

/** The creator marks a confirmed call the buyer missed, once it has started. */
export async function markNoShow(db: Database, input: { storeId: string; bookingId: string; now: Date }): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const { booking, changeNoticeHours } = await lockBooking(tx, input);
    assertChangeAllowed(booking, changeNoticeHours, 'creator', input.now);
    if (input.now.getTime() < booking.startsAt.getTime()) throw new AppError('failed-precondition', BOOKING_MESSAGES.notStarted);
    const [row] = await tx.update(bookings).set({ status: 'no_show', updatedAt: input.now }).where(eq(bookings.id, booking.id)).returning();
    if (!row) throw new Error('booking vanished');
    await queueBookingNotice(tx, row, { notice: 'no-show', now: input.now });
    return row;
  });
}
