// Exports rescheduleBooking: a confirmed booking moves to another offered time, keeping its id.
import { AppError } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { isExclusionViolation } from '#src/db/errors.ts';
import { bookings, type BookingRow } from '#src/db/schema/index.ts';
import { availableSlots } from './available-slots.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { loadBusyTimes, loadSlotRules } from './booking-reads.ts';
import { assertChangeAllowed, lockBooking, type ChangedBy } from './change-policy.ts';
import { NO_OVERLAP } from './hold-slot.ts';
import { queueBookingNotice } from './notify/queue-booking-notices.ts';
import { releaseExpiredHolds } from './release-holds.ts';

/**
 * Moves a confirmed booking to `startsAt`, within the policy for its current time, if the product
 * offers the new time (the booking's own time counts as free). The row, and so the calendar UID,
 * stays; the sequence goes up so invites update the same event. The constraint guards the new
 * time as it guards a hold.
 */
export async function rescheduleBooking(db: Database, input: { storeId: string; bookingId: string; startsAt: Date; by: ChangedBy; now: Date }): Promise<BookingRow> {
  try {
    return await db.transaction(async (tx) => {
      const { booking } = await lockBooking(tx, input);
      const { settings, availability } = await loadSlotRules(tx, { storeId: input.storeId, productId: booking.productId, from: input.startsAt, to: input.startsAt, lock: true });
      assertChangeAllowed(booking, settings.changeNoticeHours, input.by, input.now);
      await releaseExpiredHolds(tx, { storeId: input.storeId, now: input.now });
      const busy = await loadBusyTimes(tx, { storeId: input.storeId, from: input.startsAt, to: input.startsAt, now: input.now, except: booking.id });
      const [slot] = availableSlots(settings, availability, busy, input.startsAt, new Date(input.startsAt.getTime() + 1), input.now);
      if (!slot) throw new AppError('failed-precondition', BOOKING_MESSAGES.slotNotOffered);
      const [row] = await tx
        .update(bookings)
        .set({
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          blockedFrom: new Date(slot.startsAt.getTime() - settings.bufferBeforeMinutes * 60_000),
          blockedUntil: new Date(slot.endsAt.getTime() + settings.bufferAfterMinutes * 60_000),
          sequence: sql`${bookings.sequence} + 1`,
          updatedAt: input.now,
        })
        .where(eq(bookings.id, booking.id))
        .returning();
      if (!row) throw new Error('rescheduled booking vanished');
      await queueBookingNotice(tx, row, { notice: 'rescheduled', now: input.now, previousStartsAt: booking.startsAt });
      return row;
    });
  } catch (error) {
    if (isExclusionViolation(error, NO_OVERLAP)) throw new AppError('already-exists', BOOKING_MESSAGES.slotTaken);
    throw error;
  }
}
