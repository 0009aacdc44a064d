// Exports the creator's reads and writes of the store's availability as the functions answer them.
import { AppError, MESSAGES, type Availability, type AvailabilityOverride, type Holiday } from '@shopfront/core';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { availabilityOverrides, storeAvailability, storeHolidays, type StoreRow, type WeeklyHours } from '#src/db/schema/index.ts';
import { assertDate } from '../open-hours.ts';
import { addStoreHoliday, setAvailabilityOverride, setStoreAvailability } from '../set-availability.ts';
import { localDate } from '../wall-clock.ts';

type Store = Pick<StoreRow, 'id' | 'timeZone'>;

const CLOSED: WeeklyHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

/** The store's availability; before it is saved once, the store's zone with every day closed. */
export async function getAvailabilityView(db: Executor, store: Store): Promise<Availability> {
  const [row] = await db.select().from(storeAvailability).where(eq(storeAvailability.storeId, store.id));
  if (!row) return { timeZone: store.timeZone, weeklyHours: CLOSED, configured: false };
  return { timeZone: row.timeZone, weeklyHours: { ...CLOSED, ...row.weeklyHours }, configured: true };
}

export async function saveAvailability(db: Executor, store: Store, input: { timeZone: string; weeklyHours: WeeklyHours; now: Date }): Promise<Availability> {
  await setStoreAvailability(db, { storeId: store.id, ...input });
  return getAvailabilityView(db, store);
}

/** Today in the availability's zone (the store's before it is set). */
async function today(db: Executor, store: Store, now: Date): Promise<string> {
  const { timeZone } = await getAvailabilityView(db, store);
  return localDate(now, timeZone);
}

export async function listOverrides(db: Executor, store: Store, options: { from?: string | undefined; now: Date }): Promise<{ overrides: AvailabilityOverride[] }> {
  const from = options.from === undefined ? await today(db, store, options.now) : assertDate(options.from);
  const rows = await db
    .select({ date: availabilityOverrides.date, hours: availabilityOverrides.hours })
    .from(availabilityOverrides)
    .where(and(eq(availabilityOverrides.storeId, store.id), gte(availabilityOverrides.date, from)))
    .orderBy(asc(availabilityOverrides.date));
  return { overrides: rows };
}

export async function saveOverride(db: Executor, store: Store, input: { date: string; hours: AvailabilityOverride['hours']; now: Date }) {
  await setAvailabilityOverride(db, { storeId: store.id, ...input });
  return listOverrides(db, store, { now: input.now });
}

/** A date without an override answers 404 (nothing to delete). */
export async function deleteOverride(db: Executor, store: Store, input: { date: string; now: Date }) {
  const deleted = await db
    .delete(availabilityOverrides)
    .where(and(eq(availabilityOverrides.storeId, store.id), eq(availabilityOverrides.date, assertDate(input.date))))
    .returning({ date: availabilityOverrides.date });
  if (deleted.length === 0) throw new AppError('not-found', MESSAGES.generic.notFound);
  return listOverrides(db, store, { now: input.now });
}

/** Holidays ending today or later, by start. */
export async function listHolidays(db: Executor, store: Store, now: Date): Promise<{ holidays: Holiday[] }> {
  const rows = await db
    .select({ id: storeHolidays.id, name: storeHolidays.name, startsOn: storeHolidays.startsOn, endsOn: storeHolidays.endsOn })
    .from(storeHolidays)
    .where(and(eq(storeHolidays.storeId, store.id), gte(storeHolidays.endsOn, await today(db, store, now))))
    .orderBy(asc(storeHolidays.startsOn), asc(storeHolidays.id));
  return { holidays: rows };
}

export async function addHoliday(db: Executor, store: Store, input: { name: string; startsOn: string; endsOn: string }): Promise<Holiday> {
  const id = await addStoreHoliday(db, { storeId: store.id, ...input });
  return { id, name: input.name.trim(), startsOn: input.startsOn, endsOn: input.endsOn };
}
