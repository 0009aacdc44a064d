// Exports getOpenSlotsForBuyer: the storefront's slot picker for a published call of an online store.
import { AppError, PRODUCT_MESSAGES } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { findCallOpenSlots } from '../find-open-slots.ts';

/**
 * The call's open times in [from, to) labelled in the buyer's zone, with what the booking page asks
 * (duration, where, the questions, the package size). A product that is not a published call of
 * an online store — another store's, a draft, an offline store's — answers like a missing one.
 * One database statement reads the product, its settings, the hours and the busy time.
 */
export async function getOpenSlotsForBuyer(db: Executor, input: { storeId: string; productId: string; timeZone: string; from: string; to: string; now: Date }) {
  const { days, settings } = await findCallOpenSlots(
    db,
    { storeId: input.storeId, productId: input.productId, from: new Date(input.from), to: new Date(input.to), buyerTimeZone: input.timeZone, now: input.now },
    (found) => {
      if (!found?.settings || found.product.type !== 'call' || found.product.status !== 'published' || found.product.storeOffline) {
        throw new AppError('not-found', PRODUCT_MESSAGES.notForSale);
      }
    },
  );
  return {
    days: days.map((day) => ({ date: day.date, slots: day.slots.map((slot) => ({ startsAt: slot.startsAt.toISOString(), time: slot.time, offset: slot.offset })) })),
    timeZone: input.timeZone,
    durationMinutes: settings.durationMinutes,
    locationKind: settings.locationKind,
    intakeQuestions: settings.intakeQuestions,
    packageSize: settings.packageSize,
  };
}
