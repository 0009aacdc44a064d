// Exports lockBooking and assertChangeAllowed: shared by cancel and reschedule.
import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '#src/db/executor.ts';
import { bookings, callSettings, type BookingRow } from '#src/db/schema/index.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';

export type ChangedBy = 'buyer' | 'creator';

/** The booking, locked, with its product's change notice; another store's id answers like a missing one. */
export async function lockBooking(tx: Transaction, options: { storeId: string; bookingId: string }): Promise<{ booking: BookingRow; changeNoticeHours: number }> {
  const [row] = await tx
    .select({ booking: bookings, changeNoticeHours: callSettings.changeNoticeHours })
    .from(bookings)
    .innerJoin(callSettings, eq(callSettings.productId, bookings.productId))
    .where(and(eq(bookings.id, options.bookingId), eq(bookings.storeId, options.storeId)))
    .for('update', { of: bookings });
  if (!row) throw new AppError('not-found', MESSAGES.generic.notFound);
  return row;
}

/** A buyer may change a confirmed booking until `changeNoticeHours` before it starts (that moment included); the creator always. */
export function assertChangeAllowed(booking: BookingRow, changeNoticeHours: number, by: ChangedBy, now: Date): void {
  if (booking.status !== 'confirmed') throw new AppError('failed-precondition', BOOKING_MESSAGES.notConfirmed);
  if (by === 'creator') return;
  if (now.getTime() > booking.startsAt.getTime() - changeNoticeHours * 3_600_000) {
    throw new AppError('failed-precondition', BOOKING_MESSAGES.tooLateToChange(changeNoticeHours));
  }
}
