// Exports getOpenSlotsForBuyer: the storefront's slot picker for a published call of an online store.
import { AppError, PRODUCT_MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { callSettings, products, stores } from '#src/db/schema/index.ts';
import { findOpenSlots } from '../find-open-slots.ts';

/**
 * The call's open times in [from, to) labelled in the buyer's zone, with what the booking page asks
 * (duration, where, the questions, the package size). A product that is not a published call of
 * an online store — another store's, a draft, an offline store's — answers like a missing one.
 */
export async function getOpenSlotsForBuyer(db: Executor, input: { storeId: string; productId: string; timeZone: string; from: string; to: string; now: Date }) {
  const [found] = await db
    .select({ status: products.status, type: products.type, offline: stores.offlineReason, settings: callSettings })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .innerJoin(callSettings, eq(callSettings.productId, products.id))
    .where(and(eq(products.id, input.productId), eq(products.storeId, input.storeId)));
  if (!found || found.type !== 'call' || found.status !== 'published' || found.offline !== null) throw new AppError('not-found', PRODUCT_MESSAGES.notForSale);
  const days = await findOpenSlots(db, { storeId: input.storeId, productId: input.productId, from: new Date(input.from), to: new Date(input.to), buyerTimeZone: input.timeZone, now: input.now });
  return {
    days: days.map((day) => ({ date: day.date, slots: day.slots.map((slot) => ({ startsAt: slot.startsAt.toISOString(), time: slot.time, offset: slot.offset })) })),
    timeZone: input.timeZone,
    durationMinutes: found.settings.durationMinutes,
    locationKind: found.settings.locationKind,
    intakeQuestions: found.settings.intakeQuestions,
    packageSize: found.settings.packageSize,
  };
}
