// Exports refreshCalendarSource: reads one imported calendar again and replaces its busy times (or records why not).
import { eq, max } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { calendarBusyTimes, calendarSources, callSettings, storeAvailability, stores } from '#src/db/schema/index.ts';
import { CALENDAR_MESSAGES } from './calendar-messages.ts';
import type { OutboundRules } from './calendar-url.ts';
import { CalendarFetchError, fetchCalendar } from './fetch-calendar.ts';
import { parseBusyTimes, type BusyRange } from './parse-busy-times.ts';

export const REFRESH_CALENDAR_KIND = 'refresh-calendar-source';

const DAY = 86_400_000;
/** The window when the store has no call product yet (the products' default). */
const DEFAULT_WINDOW_DAYS = 60;
/** A feed answering "not modified" is still read in full once a day, so recurring events keep up with the moving window. */
const FULL_READ_EVERY_MS = DAY;

export type RefreshOutcome = 'refreshed' | 'not-modified' | 'failed' | 'gone';

/**
 * Fetches the source (with its ETag while its last full read is under a day old) and parses its
 * busy ranges from a day ago to the end of the store's longest booking window. Success replaces
 * the busy times in one transaction and clears the error; a failure (unreachable, slow, too
 * large, not iCalendar) keeps the last good busy times and records the error for the creator.
 */
export async function refreshCalendarSource(db: Database, input: { sourceId: string; now: Date; timeoutMs?: number } & OutboundRules): Promise<RefreshOutcome> {
  const [found] = await db
    .select({ source: calendarSources, storeZone: stores.timeZone, availabilityZone: storeAvailability.timeZone })
    .from(calendarSources)
    .innerJoin(stores, eq(stores.id, calendarSources.storeId))
    .leftJoin(storeAvailability, eq(storeAvailability.storeId, calendarSources.storeId))
    .where(eq(calendarSources.id, input.sourceId));
  if (!found) return 'gone';
  const { source } = found;
  const [window] = await db.select({ days: max(callSettings.bookingWindowDays) }).from(callSettings).where(eq(callSettings.storeId, source.storeId));
  const from = new Date(input.now.getTime() - DAY);
  const to = new Date(input.now.getTime() + ((window?.days ?? DEFAULT_WINDOW_DAYS) + 1) * DAY);
  const recent = source.lastSuccessAt !== null && input.now.getTime() - source.lastSuccessAt.getTime() < FULL_READ_EVERY_MS;

  let ranges: BusyRange[] | null;
  let etag: string | null = null;
  try {
    const fetched = await fetchCalendar(source.url, { allowLoopback: input.allowLoopback, etag: recent ? source.etag : null, timeoutMs: input.timeoutMs });
    ranges = fetched.kind === 'fetched' ? parseBusyTimes(fetched.body, { from, to, fallbackZone: found.availabilityZone ?? found.storeZone }) : null;
    if (fetched.kind === 'fetched') etag = fetched.etag;
  } catch (error) {
    const message = error instanceof CalendarFetchError ? error.message : CALENDAR_MESSAGES.unreachable;
    return (await record(db, input.sourceId, { lastFetchedAt: input.now, lastError: message, updatedAt: input.now })) ? 'failed' : 'gone';
  }
  if (ranges === null) return (await record(db, input.sourceId, { lastFetchedAt: input.now, lastError: null, updatedAt: input.now })) ? 'not-modified' : 'gone';

  const busy = ranges;
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: calendarSources.id }).from(calendarSources).where(eq(calendarSources.id, input.sourceId)).for('update');
    if (!locked) return 'gone';
    await tx.delete(calendarBusyTimes).where(eq(calendarBusyTimes.sourceId, input.sourceId));
    for (let index = 0; index < busy.length; index += 1000) {
      const rows = busy.slice(index, index + 1000).map((range) => ({ sourceId: input.sourceId, storeId: source.storeId, ...range }));
      await tx.insert(calendarBusyTimes).values(rows);
    }
    await tx.update(calendarSources).set({ lastFetchedAt: input.now, lastSuccessAt: input.now, lastError: null, etag, updatedAt: input.now }).where(eq(calendarSources.id, input.sourceId));
    return 'refreshed';
  });
}

async function record(db: Database, sourceId: string, values: Partial<typeof calendarSources.$inferInsert>): Promise<boolean> {
  const updated = await db.update(calendarSources).set(values).where(eq(calendarSources.id, sourceId)).returning({ id: calendarSources.id });
  return updated.length > 0;
}
