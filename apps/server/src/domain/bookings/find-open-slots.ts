// Exports findOpenSlots and findCallOpenSlots: the times a buyer may book, read from the database in one statement, in their zone.
import { AppError, isValidTimeZone, MESSAGES, TIME_ZONE_MESSAGE } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import type { CallSettingsRow } from '#src/db/schema/index.ts';
import { availableSlots } from './available-slots.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { readSlotInputs, type SlotInputs } from './slot-inputs.ts';
import { slotsInZone, type ZonedDay } from './slots-in-zone.ts';

/** The longest range one request reads (a month view and a little more). */
export const OPEN_SLOTS_MAX_DAYS = 42;

export interface OpenSlotsInput {
  storeId: string;
  productId: string;
  from: Date;
  to: Date;
  buyerTimeZone: string;
  now: Date;
  except?: string | undefined;
}

/**
 * The product's open call times with starts in [from, to), grouped by the buyer's local date, and
 * its settings. Every held or confirmed booking of the store (any product) and unexpired holds are
 * busy, but `except` (a booking being moved, whose own time is free to it). `check` sees the
 * product first (null: none in this store) and throws to refuse it; without settings the product
 * answers like a missing one, without weekly hours the store is not ready.
 */
export async function findCallOpenSlots(
  db: Executor,
  input: OpenSlotsInput,
  check: (inputs: SlotInputs | null) => void = () => {},
): Promise<{ days: ZonedDay[]; settings: CallSettingsRow }> {
  if (!isValidTimeZone(input.buyerTimeZone)) throw new AppError('invalid-argument', TIME_ZONE_MESSAGE);
  const days = (input.to.getTime() - input.from.getTime()) / 86_400_000;
  if (!(days > 0 && days <= OPEN_SLOTS_MAX_DAYS)) throw new AppError('invalid-argument', BOOKING_MESSAGES.rangeTooLong(OPEN_SLOTS_MAX_DAYS));
  const inputs = await readSlotInputs(db, input);
  check(inputs);
  if (!inputs?.settings) throw new AppError('not-found', MESSAGES.generic.notFound);
  if (!inputs.availability) throw new AppError('failed-precondition', BOOKING_MESSAGES.noHours);
  const slots = availableSlots(inputs.settings, inputs.availability, inputs.busy, input.from, input.to, input.now);
  return { days: slotsInZone(slots, input.buyerTimeZone), settings: inputs.settings };
}

/** The open times alone (see findCallOpenSlots). */
export async function findOpenSlots(db: Executor, input: OpenSlotsInput): Promise<ZonedDay[]> {
  return (await findCallOpenSlots(db, input)).days;
}
