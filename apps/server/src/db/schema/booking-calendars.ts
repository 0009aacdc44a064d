import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { stores } from './stores.ts';

/**
 * An external calendar a creator pasted (an iCalendar URL), whose busy times are not offered as
 * call times (docs/bookings.md "Busy times from your calendar"). The URL may carry a private
 * token, so it is only ever shown back to the store's own creator.
 */
export const calendarSources = pgTable(
  'calendar_sources',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The last attempt, whatever its outcome. */
    lastFetchedAt: timestamptz('last_fetched_at'),
    /** The last full read, which replaced the busy times (a 304 leaves it, so a full read still comes daily). */
    lastSuccessAt: timestamptz('last_success_at'),
    /** Why the last attempt failed; null after a success. The busy times of the last success stay. */
    lastError: text('last_error'),
    /** The feed's ETag, sent back as If-None-Match. */
    etag: text('etag'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('calendar_sources_store_url_idx').on(table.storeId, table.url)],
);

/** One busy range imported from a source (recurring events expanded within the booking window). */
export const calendarBusyTimes = pgTable(
  'calendar_busy_times',
  {
    sourceId: text('source_id')
      .notNull()
      .references(() => calendarSources.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sourceId, table.startsAt, table.endsAt] }),
    index('calendar_busy_times_store_idx').on(table.storeId, table.startsAt),
    check('calendar_busy_times_range', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

export type CalendarSourceRow = typeof calendarSources.$inferSelect;
