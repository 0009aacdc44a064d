// Exports findOpenSlots: the times a buyer may book, read from the database, in their zone.
import { AppError, isValidTimeZone, TIME_ZONE_MESSAGE } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { availableSlots } from './available-slots.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { loadBusyTimes, loadSlotRules } from './booking-reads.ts';
import { slotsInZone, type ZonedDay } from './slots-in-zone.ts';

/** The longest range one request reads (a month view and a little more). */
export const OPEN_SLOTS_MAX_DAYS = 42;

/**
 * The product's open call times with starts in [from, to), grouped by the buyer's local date.
 * Every held or confirmed booking of the store (any product) and unexpired holds are busy, but
 * `except` (a booking being moved, whose own time is free to it).
 */
export async function findOpenSlots(
  db: Executor,
  input: { storeId: string; productId: string; from: Date; to: Date; buyerTimeZone: string; now: Date; except?: string | undefined },
): Promise<ZonedDay[]> {
  if (!isValidTimeZone(input.buyerTimeZone)) throw new AppError('invalid-argument', TIME_ZONE_MESSAGE);
  const days = (input.to.getTime() - input.from.getTime()) / 86_400_000;
  if (!(days > 0 && days <= OPEN_SLOTS_MAX_DAYS)) throw new AppError('invalid-argument', BOOKING_MESSAGES.rangeTooLong(OPEN_SLOTS_MAX_DAYS));
  const { settings, availability } = await loadSlotRules(db, input);
  const busy = await loadBusyTimes(db, { storeId: input.storeId, from: input.from, to: input.to, now: input.now, ...(input.except ? { except: input.except } : {}) });
  return slotsInZone(availableSlots(settings, availability, busy, input.from, input.to, input.now), input.buyerTimeZone);
}
