// Exports getCallOpenSlotsForCreator: the open starts of a store's call for the creator's reschedule dialog.
import { AppError, CALL_SETTINGS_MESSAGES, MESSAGES } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import type { SlotInputs } from '../slot-inputs.ts';
import { findCallOpenSlots, type OpenSlotsInput } from '../find-open-slots.ts';
import { getOwnedCall } from './call-settings.ts';

/**
 * What a buyer would be offered, whatever the product's status or the store's being online (the
 * buyer's getOpenSlots answers 404 then, yet the creator still moves booked calls). With
 * `bookingId` — a booking of this product in this store, else 404 like a missing one — that
 * booking's own time counts as free, as rescheduleBooking counts it. One database statement reads
 * the product, the booking's ownership, the settings, the hours and the busy time; an older call
 * without settings gets its defaults first (getOwnedCall), then is read again.
 */
export async function getCallOpenSlotsForCreator(
  db: Executor,
  input: { storeId: string; productId: string; timeZone: string; from: string; to: string; bookingId?: string | undefined; now: Date },
) {
  const query: OpenSlotsInput = {
    storeId: input.storeId,
    productId: input.productId,
    from: new Date(input.from),
    to: new Date(input.to),
    buyerTimeZone: input.timeZone,
    now: input.now,
    except: input.bookingId,
  };
  let missingSettings = false;
  const check = (found: SlotInputs | null) => {
    if (!found || found.product.type !== 'call' || found.product.status === 'archived') throw new AppError('not-found', CALL_SETTINGS_MESSAGES.notACall);
    if (input.bookingId && !found.exceptIsOwn) throw new AppError('not-found', MESSAGES.generic.notFound);
    missingSettings = found.settings === null;
  };
  let answer;
  try {
    answer = await findCallOpenSlots(db, query, check);
  } catch (error) {
    if (!missingSettings) throw error;
    await getOwnedCall(db, { storeId: input.storeId, productId: input.productId, now: input.now });
    answer = await findCallOpenSlots(db, query, check);
  }
  const { days, settings } = answer;
  return {
    days: days.map((day) => ({ date: day.date, slots: day.slots.map((slot) => ({ startsAt: slot.startsAt.toISOString(), time: slot.time, offset: slot.offset })) })),
    timeZone: input.timeZone,
    durationMinutes: settings.durationMinutes,
  };
}
