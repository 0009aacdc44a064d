import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { orders, stores } from '#src/db/schema/index.ts';

export interface OrderFilter {
  storeId: string;
  /** ISO date (`2026-11-22`, from the start of that day in the store's time zone) or date-time. */
  from?: string;
  /** ISO date (the whole day in the store's time zone is included) or date-time (inclusive). */
  to?: string;
  status?: 'paid' | 'refunded';
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parseInstant(value: string): { ms: number; dateOnly: boolean } {
  const dateOnly = DATE_ONLY.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
  // `2026-02-30` would roll over to March: a date that does not exist is refused.
  if (Number.isNaN(date.getTime()) || (dateOnly && date.toISOString().slice(0, 10) !== value)) {
    throw new AppError('invalid-argument', 'Dates look like 2026-11-22');
  }
  return { ms: date.getTime(), dateOnly };
}

/**
 * `[start, end)` in ms, days taken as UTC days; `to` as a date includes that whole day. from after
 * to is refused. It checks the filter; the query's day boundaries follow the store's time zone
 * (`orderConditions`), which moves both ends of a date-only range alike.
 */
export function orderRange(filter: Pick<OrderFilter, 'from' | 'to'>): { start: Date | null; end: Date | null } {
  const from = filter.from ? parseInstant(filter.from) : null;
  const to = filter.to ? parseInstant(filter.to) : null;
  const start = from ? from.ms : null;
  const end = to ? to.ms + (to.dateOnly ? DAY_MS : 1) : null;
  if (start !== null && end !== null && start >= end) {
    throw new AppError('invalid-argument', COMMERCE_MESSAGES.invalidDateRange);
  }
  return { start: start === null ? null : new Date(start), end: end === null ? null : new Date(end) };
}

/**
 * The WHERE of a filtered order list (the store, the date range, the status). A date-only end is
 * midnight in the store's `time_zone`, worked out by PostgreSQL (`timestamp AT TIME ZONE`, which
 * knows DST), so a sale at 23:30 UTC counts on the next day in Berlin. Date-times are instants.
 * `at` is the instant the range applies to: the order's, or a plan instalment's charge date.
 */
export function orderConditions(filter: OrderFilter, at: AnyPgColumn = orders.createdAt): SQL {
  const { start, end } = orderRange(filter);
  const conditions: (SQL | undefined)[] = [eq(orders.storeId, filter.storeId)];
  if (filter.from && start) conditions.push(gte(at, DATE_ONLY.test(filter.from) ? storeMidnight(filter.storeId, filter.from, 0) : start));
  if (filter.to && end) conditions.push(lt(at, DATE_ONLY.test(filter.to) ? storeMidnight(filter.storeId, filter.to, 1) : end));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  return and(...conditions)!;
}

/** Midnight starting `date` plus `days` days, on the store's wall clock, as an instant. */
function storeMidnight(storeId: string, date: string, days: 0 | 1): SQL {
  const zone = sql`(select ${stores.timeZone} from ${stores} where ${stores.id} = ${storeId})`;
  return sql`((${date}::date + ${days}::int)::timestamp at time zone ${zone})`;
}
