// Exports getCallOpenSlotsForCreator: the open starts of a store's call for the creator's reschedule dialog.
import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { bookings } from '#src/db/schema/index.ts';
import { findOpenSlots } from '../find-open-slots.ts';
import { getOwnedCall } from './call-settings.ts';

/**
 * What a buyer would be offered, whatever the product's status or the store's being online (the
 * buyer's getOpenSlots answers 404 then, yet the creator still moves booked calls). With
 * `bookingId` — a booking of this product in this store, else 404 like a missing one — that
 * booking's own time counts as free, as rescheduleBooking counts it.
 */
export async function getCallOpenSlotsForCreator(
  db: Executor,
  input: { storeId: string; productId: string; timeZone: string; from: string; to: string; bookingId?: string | undefined; now: Date },
) {
  const { product, settings } = await getOwnedCall(db, { storeId: input.storeId, productId: input.productId, now: input.now });
  if (input.bookingId) {
    const [own] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), eq(bookings.storeId, input.storeId), eq(bookings.productId, product.id)));
    if (!own) throw new AppError('not-found', MESSAGES.generic.notFound);
  }
  const days = await findOpenSlots(db, {
    storeId: input.storeId,
    productId: product.id,
    from: new Date(input.from),
    to: new Date(input.to),
    buyerTimeZone: input.timeZone,
    now: input.now,
    except: input.bookingId,
  });
  return {
    days: days.map((day) => ({ date: day.date, slots: day.slots.map((slot) => ({ startsAt: slot.startsAt.toISOString(), time: slot.time, offset: slot.offset })) })),
    timeZone: input.timeZone,
    durationMinutes: settings.durationMinutes,
  };
}
