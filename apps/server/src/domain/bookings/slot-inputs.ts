// Exports readSlotInputs: everything the slot rules need for one call product, in one SQL statement.
import { and, eq, gt, gte, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '#src/db/executor.ts';
import {
  availabilityOverrides,
  bookings,
  calendarBusyTimes,
  callSettings,
  products,
  storeAvailability,
  storeHolidays,
  stores,
  type CallSettingsRow,
  type OpenHours,
  type WeeklyHours,
} from '#src/db/schema/index.ts';
import type { AvailabilityRules, BusyTime } from './available-slots.ts';
import { localDate } from './wall-clock.ts';

const DAY = 86_400_000;

export interface SlotInputs {
  product: { type: string; status: string; storeOffline: boolean };
  /** Null when the product has no call settings (not a call, or an older call before its first edit). */
  settings: CallSettingsRow | null;
  /** Null until the store saves its weekly hours. */
  availability: AvailabilityRules | null;
  busy: BusyTime[];
  /** Whether `except` is a booking of this product in this store (false without one). */
  exceptIsOwn: boolean;
}

/** An instant as milliseconds since the epoch, a plain JSON number inside json_build_object. */
const epochMs = (column: AnyPgColumn): SQL => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/** `select coalesce(json_agg(<item>), '[]') from <table> where <where>`, as one column. */
function jsonList<T>(item: SQL, table: PgTable, where: SQL | undefined): SQL<T[]> {
  return sql<T[]>`(select coalesce(json_agg(${item}), '[]'::json) from ${table} where ${where})`;
}

interface BookedRow { from: number; until: number; productId: string; startsAt: number }
interface CalendarRow { from: number; until: number }

/**
 * The product (its type, status and the store's being online), its call settings, the store's
 * availability with the overrides and holidays of [from, to] ± 2 days (any zone's local dates of
 * the range), and the busy time of the same span — confirmed bookings and unexpired holds of every
 * product of the store (but `except`, a booking being moved) and imported calendar busy times —
 * read in one statement: one round trip instead of seven. Null when the store has no such product.
 * Every part is filtered by `storeId`: another store's product, bookings or busy times never come.
 */
export async function readSlotInputs(
  db: Executor,
  options: { storeId: string; productId: string; from: Date; to: Date; now: Date; except?: string | undefined },
): Promise<SlotInputs | null> {
  const first = localDate(new Date(options.from.getTime() - 2 * DAY), 'UTC');
  const last = localDate(new Date(options.to.getTime() + 2 * DAY), 'UTC');
  const busyFrom = new Date(options.from.getTime() - 2 * DAY);
  const busyTo = new Date(options.to.getTime() + 2 * DAY);
  const [row] = await db
    .select({
      type: products.type,
      status: products.status,
      offlineReason: stores.offlineReason,
      settings: callSettings,
      hours: sql<{ timeZone: string; weeklyHours: WeeklyHours } | null>`(select json_build_object('timeZone', ${storeAvailability.timeZone}, 'weeklyHours', ${storeAvailability.weeklyHours})
        from ${storeAvailability} where ${eq(storeAvailability.storeId, options.storeId)})`,
      overrides: jsonList<{ date: string; hours: OpenHours[] }>(
        sql`json_build_object('date', ${availabilityOverrides.date}, 'hours', ${availabilityOverrides.hours})`,
        availabilityOverrides,
        and(eq(availabilityOverrides.storeId, options.storeId), gte(availabilityOverrides.date, first), lte(availabilityOverrides.date, last)),
      ),
      holidays: jsonList<{ startsOn: string; endsOn: string }>(
        sql`json_build_object('startsOn', ${storeHolidays.startsOn}, 'endsOn', ${storeHolidays.endsOn})`,
        storeHolidays,
        and(eq(storeHolidays.storeId, options.storeId), lte(storeHolidays.startsOn, last), gte(storeHolidays.endsOn, first)),
      ),
      booked: jsonList<BookedRow>(
        sql`json_build_object('from', ${epochMs(bookings.blockedFrom)}, 'until', ${epochMs(bookings.blockedUntil)}, 'productId', ${bookings.productId}, 'startsAt', ${epochMs(bookings.startsAt)})`,
        bookings,
        and(
          eq(bookings.storeId, options.storeId),
          or(eq(bookings.status, 'confirmed'), and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, options.now))),
          gt(bookings.blockedUntil, busyFrom),
          lt(bookings.blockedFrom, busyTo),
          options.except ? ne(bookings.id, options.except) : undefined,
        ),
      ),
      calendar: jsonList<CalendarRow>(
        sql`json_build_object('from', ${epochMs(calendarBusyTimes.startsAt)}, 'until', ${epochMs(calendarBusyTimes.endsAt)})`,
        calendarBusyTimes,
        and(eq(calendarBusyTimes.storeId, options.storeId), gt(calendarBusyTimes.endsAt, busyFrom), lt(calendarBusyTimes.startsAt, busyTo)),
      ),
      exceptIsOwn: options.except
        ? sql<boolean>`exists (select 1 from ${bookings} where ${and(eq(bookings.id, options.except), eq(bookings.storeId, options.storeId), eq(bookings.productId, options.productId))})`
        : sql<boolean>`false`,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(callSettings, and(eq(callSettings.productId, products.id), eq(callSettings.storeId, products.storeId)))
    .where(and(eq(products.id, options.productId), eq(products.storeId, options.storeId)));
  if (!row) return null;
  const booked: BusyTime[] = row.booked.map((b) => ({ from: new Date(b.from), until: new Date(b.until), booking: { productId: b.productId, startsAt: new Date(b.startsAt) } }));
  const calendar: BusyTime[] = row.calendar.map((c) => ({ from: new Date(c.from), until: new Date(c.until) }));
  return {
    product: { type: row.type, status: row.status, storeOffline: row.offlineReason !== null },
    settings: row.settings,
    availability: row.hours ? { timeZone: row.hours.timeZone, weeklyHours: row.hours.weeklyHours, overrides: row.overrides, holidays: row.holidays } : null,
    busy: [...booked, ...calendar],
    exceptIsOwn: row.exceptIsOwn,
  };
}
