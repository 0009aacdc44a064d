// Exports addCalendarSource, removeCalendarSource, listCalendarSources: the creator's imported calendars.
import { AppError, MESSAGES } from '@shopfront/core';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { calendarBusyTimes, calendarSources } from '#src/db/schema/index.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { CALENDAR_MESSAGES, MAX_CALENDAR_SOURCES } from './calendar-messages.ts';
import { checkCalendarUrl, type OutboundRules } from './calendar-url.ts';
import { REFRESH_CALENDAR_KIND } from './refresh-calendar-source.ts';

export interface CalendarSourceView {
  id: string;
  url: string;
  lastFetchedAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  /** Busy ranges kept from the last good read. */
  busyCount: number;
  createdAt: Date;
}

/**
 * Imports a calendar by its iCalendar URL (checked: https, public address; see calendar-url.ts),
 * at most MAX_CALENDAR_SOURCES per store, each URL once; its first read is queued at once and it
 * is read again every few minutes after.
 */
export async function addCalendarSource(db: Database, input: { storeId: string; url: string; now: Date } & OutboundRules): Promise<CalendarSourceView> {
  const url = checkCalendarUrl(input.url, input).href;
  try {
    return await db.transaction(async (tx) => {
      // One at a time per store, so the limit holds when two adds race.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`calendar-sources:${input.storeId}`}, 0))`);
      const [{ value } = { value: 0 }] = await tx.select({ value: count() }).from(calendarSources).where(eq(calendarSources.storeId, input.storeId));
      if (value >= MAX_CALENDAR_SOURCES) throw new AppError('failed-precondition', CALENDAR_MESSAGES.tooMany(MAX_CALENDAR_SOURCES));
      const [row] = await tx.insert(calendarSources).values({ id: newId('cal'), storeId: input.storeId, url, createdAt: input.now, updatedAt: input.now }).returning();
      if (!row) throw new Error('calendar source insert returned no row');
      await enqueueJob(tx, REFRESH_CALENDAR_KIND, { sourceId: row.id }, { idempotencyKey: `${row.id}:first` });
      return { ...pick(row), busyCount: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('already-exists', CALENDAR_MESSAGES.duplicate);
    throw error;
  }
}

/** Stops importing the calendar and forgets its busy times; another store's id answers like a missing one. */
export async function removeCalendarSource(db: Executor, input: { storeId: string; sourceId: string }): Promise<void> {
  const removed = await db
    .delete(calendarSources)
    .where(and(eq(calendarSources.id, input.sourceId), eq(calendarSources.storeId, input.storeId)))
    .returning({ id: calendarSources.id });
  if (removed.length === 0) throw new AppError('not-found', MESSAGES.generic.notFound);
}

/** The store's calendars, oldest first, with when each was last read, its error if the last read failed, and its busy count. */
export async function listCalendarSources(db: Executor, input: { storeId: string }): Promise<CalendarSourceView[]> {
  const rows = await db
    .select({ source: calendarSources, busyCount: count(calendarBusyTimes.sourceId) })
    .from(calendarSources)
    .leftJoin(calendarBusyTimes, eq(calendarBusyTimes.sourceId, calendarSources.id))
    .where(eq(calendarSources.storeId, input.storeId))
    .groupBy(calendarSources.id)
    .orderBy(asc(calendarSources.createdAt), asc(calendarSources.id));
  return rows.map((row) => ({ ...pick(row.source), busyCount: row.busyCount }));
}

function pick(row: typeof calendarSources.$inferSelect): Omit<CalendarSourceView, 'busyCount'> {
  return { id: row.id, url: row.url, lastFetchedAt: row.lastFetchedAt, lastSuccessAt: row.lastSuccessAt, lastError: row.lastError, createdAt: row.createdAt };
}
