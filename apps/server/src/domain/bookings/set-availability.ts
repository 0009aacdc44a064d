// Exports the writers of a store's availability: weekly hours and zone, date overrides, holidays.
import { AppError, isValidTimeZone, MESSAGES, TIME_ZONE_MESSAGE } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { availabilityOverrides, storeAvailability, storeHolidays, type OpenHours, type WeeklyHours } from '#src/db/schema/index.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { assertDate, assertOpenHours, assertWeeklyHours } from './open-hours.ts';

export const HOLIDAY_MAX_DAYS = 366;
export const HOLIDAY_NAME_MAX = 100;

/** The store's zone and weekly hours, replaced whole. Existing bookings keep their times. */
export async function setStoreAvailability(db: Executor, input: { storeId: string; timeZone: string; weeklyHours: Partial<WeeklyHours>; now: Date }): Promise<void> {
  if (!isValidTimeZone(input.timeZone)) throw new AppError('invalid-argument', TIME_ZONE_MESSAGE);
  const values = { timeZone: input.timeZone, weeklyHours: assertWeeklyHours(input.weeklyHours), updatedAt: input.now };
  await db
    .insert(storeAvailability)
    .values({ storeId: input.storeId, ...values })
    .onConflictDoUpdate({ target: storeAvailability.storeId, set: values });
}

/** One date's own hours (an empty list: closed that day), or null to use the weekly hours again. */
export async function setAvailabilityOverride(db: Executor, input: { storeId: string; date: string; hours: OpenHours[] | null; now: Date }): Promise<void> {
  const date = assertDate(input.date);
  if (input.hours === null) {
    await db.delete(availabilityOverrides).where(and(eq(availabilityOverrides.storeId, input.storeId), eq(availabilityOverrides.date, date)));
    return;
  }
  const hours = assertOpenHours(input.hours);
  await db
    .insert(availabilityOverrides)
    .values({ storeId: input.storeId, date, hours, updatedAt: input.now })
    .onConflictDoUpdate({ target: [availabilityOverrides.storeId, availabilityOverrides.date], set: { hours, updatedAt: input.now } });
}

/** A named closed range of dates, both ends included. */
export async function addStoreHoliday(db: Executor, input: { storeId: string; name: string; startsOn: string; endsOn: string }): Promise<string> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > HOLIDAY_NAME_MAX) throw new AppError('invalid-argument', BOOKING_MESSAGES.holidayName(HOLIDAY_NAME_MAX));
  const startsOn = assertDate(input.startsOn);
  const endsOn = assertDate(input.endsOn);
  if (endsOn < startsOn) throw new AppError('invalid-argument', BOOKING_MESSAGES.holidayOrder);
  const days = DateTime.fromISO(endsOn, { zone: 'UTC' }).diff(DateTime.fromISO(startsOn, { zone: 'UTC' }), 'days').days + 1;
  if (days > HOLIDAY_MAX_DAYS) throw new AppError('invalid-argument', BOOKING_MESSAGES.holidayTooLong(HOLIDAY_MAX_DAYS));
  const id = newId('hol');
  await db.insert(storeHolidays).values({ id, storeId: input.storeId, name, startsOn, endsOn });
  return id;
}

/** Removes a holiday; another store's id answers like a missing one. */
export async function deleteStoreHoliday(db: Executor, input: { storeId: string; holidayId: string }): Promise<void> {
  const deleted = await db
    .delete(storeHolidays)
    .where(and(eq(storeHolidays.id, input.holidayId), eq(storeHolidays.storeId, input.storeId)))
    .returning({ id: storeHolidays.id });
  if (deleted.length === 0) throw new AppError('not-found', MESSAGES.generic.notFound);
}
