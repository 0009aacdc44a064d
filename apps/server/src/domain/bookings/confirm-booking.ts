// Exports confirmBooking and confirmBookingForCheckout: a paid hold becomes a booking, once.
import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { isExclusionViolation } from '#src/db/errors.ts';
import type { Executor, Transaction } from '#src/db/executor.ts';
import { bookings, type BookingRow } from '#src/db/schema/index.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { NO_OVERLAP } from './hold-slot.ts';
import { queueBookingNotice } from './notify/queue-booking-notices.ts';
import { releaseExpiredHolds } from './release-holds.ts';

interface Confirmation {
  orderId: string;
  customerId?: string | null | undefined;
  now: Date;
}

/**
 * Confirms a held booking for its order. Idempotent: confirming again for the same order answers
 * the same booking. A hold that expired before the payment came is taken again if its time is
 * still free; if another booking has it since, the answer is `holdLost` (the order is to be
 * refunded). Another store's id answers like a missing one.
 */
export async function confirmBooking(db: Executor, input: Confirmation & { storeId: string; bookingId: string }): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), eq(bookings.storeId, input.storeId)))
      .for('update');
    if (!booking) throw new AppError('not-found', MESSAGES.generic.notFound);
    const outcome = await confirmLocked(tx, booking, input);
    if (outcome === 'lost') throw new AppError('failed-precondition', BOOKING_MESSAGES.holdLost);
    return outcome;
  });
}

/**
 * For the payment fulfilment, inside its transaction: confirms the booking its checkout held, if
 * any. Never throws for a lost hold (the payment stays recorded): answers `lost` so the order can
 * be refunded, `none` for a checkout that held no booking.
 */
export async function confirmBookingForCheckout(tx: Transaction, input: Confirmation & { checkoutId: string }): Promise<BookingRow | 'lost' | 'none'> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.checkoutId, input.checkoutId)).for('update');
  if (!booking) return 'none';
  // A hold is only ever held, expired or confirmed (by this checkout's one order); anything else is lost, never an error here.
  if (booking.status === 'cancelled' || booking.status === 'no_show') return 'lost';
  return confirmLocked(tx, booking, input);
}

async function confirmLocked(tx: Transaction, booking: BookingRow, input: Confirmation): Promise<BookingRow | 'lost'> {
  if (booking.status === 'confirmed') {
    if (booking.orderId === input.orderId) return booking;
    throw new AppError('failed-precondition', BOOKING_MESSAGES.alreadyConfirmed);
  }
  if (booking.status !== 'held' && booking.status !== 'expired') throw new AppError('failed-precondition', BOOKING_MESSAGES.notConfirmed);
  if (booking.status === 'expired') await releaseExpiredHolds(tx, { storeId: booking.storeId, now: input.now });
  try {
    // A savepoint: a refused update must not abort the caller's transaction (the order).
    return await tx.transaction(async (savepoint) => {
      const [row] = await savepoint
        .update(bookings)
        .set({ status: 'confirmed', orderId: input.orderId, customerId: input.customerId ?? booking.customerId, updatedAt: input.now })
        .where(eq(bookings.id, booking.id))
        .returning();
      if (!row) throw new Error('confirmed booking vanished');
      await queueBookingNotice(savepoint, row, { notice: 'confirmed', now: input.now });
      return row;
    });
  } catch (error) {
    if (isExclusionViolation(error, NO_OVERLAP)) return 'lost';
    throw error;
  }
}

