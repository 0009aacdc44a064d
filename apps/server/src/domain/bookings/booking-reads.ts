// Exports loadSlotRules and loadBusyTimes: what the booking writers read before deciding.
import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq, gt, gte, lt, lte, ne, or } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { availabilityOverrides, bookings, callSettings, storeAvailability, storeHolidays, type CallSettingsRow } from '#src/db/schema/index.ts';
import type { AvailabilityRules, BusyTime } from './available-slots.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { loadCalendarBusy } from './busy/calendar-busy-times.ts';
import { localDate } from './wall-clock.ts';

const DAY = 86_400_000;

/**
 * A call product's settings (locked `for update` when `lock`, so holds of one product queue and
 * its daily maximum is exact) and its store's availability for starts in [from, to]. Another
 * store's product answers like a missing one.
 */
export async function loadSlotRules(
  db: Executor,
  options: { storeId: string; productId: string; from: Date; to: Date; lock?: boolean },
): Promise<{ settings: CallSettingsRow; availability: AvailabilityRules }> {
  const query = db
    .select()
    .from(callSettings)
    .where(and(eq(callSettings.productId, options.productId), eq(callSettings.storeId, options.storeId)));
  const [settings] = options.lock ? await query.for('update') : await query;
  if (!settings) throw new AppError('not-found', MESSAGES.generic.notFound);
  const [hours] = await db.select().from(storeAvailability).where(eq(storeAvailability.storeId, options.storeId));
  if (!hours) throw new AppError('failed-precondition', BOOKING_MESSAGES.noHours);
  // Two days either side covers any zone's local dates of the range.
  const first = localDate(new Date(options.from.getTime() - 2 * DAY), 'UTC');
  const last = localDate(new Date(options.to.getTime() + 2 * DAY), 'UTC');
  const overrides = await db
    .select({ date: availabilityOverrides.date, hours: availabilityOverrides.hours })
    .from(availabilityOverrides)
    .where(and(eq(availabilityOverrides.storeId, options.storeId), gte(availabilityOverrides.date, first), lte(availabilityOverrides.date, last)));
  const holidays = await db
    .select({ startsOn: storeHolidays.startsOn, endsOn: storeHolidays.endsOn })
    .from(storeHolidays)
    .where(and(eq(storeHolidays.storeId, options.storeId), lte(storeHolidays.startsOn, last), gte(storeHolidays.endsOn, first)));
  return { settings, availability: { timeZone: hours.timeZone, weeklyHours: hours.weeklyHours, overrides, holidays } };
}

/**
 * The store's confirmed bookings, unexpired holds and imported calendar busy times from two days before `from` to two days
 * after `to` (enough for any zone's day and the daily maximum), as busy times; one booking may be
 * left out: the one being moved.
 */
export async function loadBusyTimes(db: Executor, options: { storeId: string; from: Date; to: Date; now: Date; except?: string }): Promise<BusyTime[]> {
  const rows = await db
    .select({ from: bookings.blockedFrom, until: bookings.blockedUntil, productId: bookings.productId, startsAt: bookings.startsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.storeId, options.storeId),
        or(eq(bookings.status, 'confirmed'), and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, options.now))),
        gt(bookings.blockedUntil, new Date(options.from.getTime() - 2 * DAY)),
        lt(bookings.blockedFrom, new Date(options.to.getTime() + 2 * DAY)),
        options.except ? ne(bookings.id, options.except) : undefined,
      ),
    );
  const booked = rows.map((row) => ({ from: row.from, until: row.until, booking: { productId: row.productId, startsAt: row.startsAt } }));
  // The creator's imported calendars (busy/): their busy times are never offered or held.
  return [...booked, ...(await loadCalendarBusy(db, options))];
}
