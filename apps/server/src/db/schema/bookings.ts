import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { checkouts, orders } from './orders.ts';
import { products } from './products.ts';
import { stores } from './stores.ts';

/** Where a call happens (decision 043): a fixed video URL, a link made per booking, a phone call, or an address. */
export const CALL_LOCATION_KINDS = ['video-url', 'per-booking-link', 'phone', 'in-person'] as const;
export type CallLocationKind = (typeof CALL_LOCATION_KINDS)[number];

/** `held` and `confirmed` occupy their time (the exclusion constraint); the others keep the row for history. */
export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'no_show', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Open hours on one day, as wall-clock times in the availability's zone: `09:00`–`12:00` (`24:00` ends at midnight). */
export interface OpenHours {
  start: string;
  end: string;
}
export type WeeklyHours = Record<Weekday, OpenHours[]>;

/** A question the buyer answers when booking. */
export interface IntakeQuestion {
  id: string;
  label: string;
  kind: 'short-text' | 'long-text';
  required: boolean;
}

/** A call product's settings; the product row is the call (its `call` type comes with the editor). */
export const callSettings = pgTable(
  'call_settings',
  {
    productId: text('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    durationMinutes: integer('duration_minutes').notNull(),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(240),
    bookingWindowDays: integer('booking_window_days').notNull().default(60),
    /** Bookings of this product that may start on one day (in the availability's zone); null: no limit. */
    dailyMax: integer('daily_max'),
    locationKind: text('location_kind').$type<CallLocationKind>().notNull(),
    /** The URL, phone number or address; null for `per-booking-link`. */
    locationValue: text('location_value'),
    intakeQuestions: jsonb('intake_questions').$type<IntakeQuestion[]>().notNull().default([]),
    /** Sessions one purchase buys, to book within `packageValidityDays` of the order. */
    packageSize: integer('package_size').notNull().default(1),
    packageValidityDays: integer('package_validity_days'),
    /** The buyer may cancel or reschedule until this many hours before the start. */
    changeNoticeHours: integer('change_notice_hours').notNull().default(24),
    /**
     * What a buyer's cancellation (within the change notice) refunds: the whole order, nothing, or
     * `tiered` — all of it at least `refundFullHours` before the start, `refundPartialPercent` % of
     * the payment from then until `refundNoneHours` before, nothing after (refund-policy.ts).
     */
    refundOnCancel: text('refund_on_cancel').$type<'full' | 'none' | 'tiered'>().notNull().default('full'),
    refundFullHours: integer('refund_full_hours'),
    refundPartialPercent: integer('refund_partial_percent'),
    refundNoneHours: integer('refund_none_hours'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('call_settings_store_idx').on(table.storeId),
    check('call_settings_duration', sql`${table.durationMinutes} between 5 and 480`),
    check('call_settings_buffers', sql`${table.bufferBeforeMinutes} between 0 and 240 and ${table.bufferAfterMinutes} between 0 and 240`),
    check('call_settings_notice', sql`${table.minNoticeMinutes} between 0 and 43200 and ${table.changeNoticeHours} between 0 and 720`),
    check('call_settings_window', sql`${table.bookingWindowDays} between 1 and 730`),
    check('call_settings_daily_max', sql`${table.dailyMax} is null or ${table.dailyMax} between 1 and 100`),
    check('call_settings_location', sql`(${table.locationKind} = 'per-booking-link') = (${table.locationValue} is null)`),
    check(
      'call_settings_package',
      sql`(${table.packageSize} = 1 and ${table.packageValidityDays} is null) or (${table.packageSize} between 2 and 100 and ${table.packageValidityDays} between 1 and 3650)`,
    ),
    check(
      'call_settings_refund',
      sql`(${table.refundOnCancel} in ('full', 'none') and ${table.refundFullHours} is null and ${table.refundPartialPercent} is null and ${table.refundNoneHours} is null)
        or (${table.refundOnCancel} = 'tiered' and ${table.refundFullHours} between 1 and 720 and ${table.refundPartialPercent} between 1 and 99 and ${table.refundNoneHours} between 0 and ${table.refundFullHours} - 1)`,
    ),
  ],
);

/** The store's weekly hours, shared by all its call products, in the zone they were set in. */
export const storeAvailability = pgTable('store_availability', {
  storeId: text('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  /** IANA zone the hours are wall-clock times in (the creator's, by default the store's). */
  timeZone: text('time_zone').notNull(),
  weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>().notNull(),
  updatedAt: updatedAt(),
});

/** One date's own hours instead of the weekly ones: none is a day off, others are extra or changed hours. */
export const availabilityOverrides = pgTable(
  'availability_overrides',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    hours: jsonb('hours').$type<OpenHours[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.date] })],
);

/** Dates closed whatever the weekly hours or overrides say (both ends included). */
export const storeHolidays = pgTable(
  'store_holidays',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('store_holidays_store_idx').on(table.storeId, table.startsOn), check('store_holidays_order', sql`${table.endsOn} >= ${table.startsOn}`)],
);

/**
 * A held or booked call. `blocked_from`/`blocked_until` are the call plus its buffers; the
 * migration adds `bookings_no_overlap`, an exclusion constraint (btree_gist) drizzle-kit cannot
 * declare: two held or confirmed bookings of one store never share a moment of that range.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    buyerEmail: text('buyer_email').notNull(),
    buyerName: text('buyer_name').notNull().default(''),
    buyerTimeZone: text('buyer_time_zone').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    blockedFrom: timestamptz('blocked_from').notNull(),
    blockedUntil: timestamptz('blocked_until').notNull(),
    status: text('status').$type<BookingStatus>().notNull(),
    holdExpiresAt: timestamptz('hold_expires_at'),
    checkoutId: text('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    /** A package's bookings share its order (up to the product's package size). */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    /** The creator's https meeting link of a call whose location is a link made per booking; null until made. */
    meetingLink: text('meeting_link'),
    /** The iCalendar SEQUENCE: one more on each reschedule, cancellation or new meeting link, so calendars update the event. */
    sequence: integer('sequence').notNull().default(0),
    testMode: boolean('test_mode').notNull().default(false),
    cancelledAt: timestamptz('cancelled_at'),
    cancelledBy: text('cancelled_by').$type<'buyer' | 'creator'>(),
    /**
     * Why its order was refunded because of the booking: `hold-lost` (paid after the hold expired and
     * the time was taken meanwhile), `cancelled` (a cancellation refunded per the policy).
     */
    refundReason: text('refund_reason').$type<'hold-lost' | 'cancelled'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('bookings_store_starts_idx').on(table.storeId, table.startsAt),
    index('bookings_product_starts_idx').on(table.productId, table.startsAt),
    index('bookings_order_idx').on(table.orderId),
    uniqueIndex('bookings_checkout_idx').on(table.checkoutId),
    index('bookings_held_idx').on(table.holdExpiresAt).where(sql`${table.status} = 'held'`),
    check('bookings_times', sql`${table.endsAt} > ${table.startsAt} and ${table.blockedFrom} <= ${table.startsAt} and ${table.blockedUntil} >= ${table.endsAt}`),
    check('bookings_hold', sql`${table.status} <> 'held' or ${table.holdExpiresAt} is not null`),
  ],
);

/** A store's private calendar feed: only the token's SHA-256 is kept; deleting the row revokes the URL. */
export const bookingFeeds = pgTable('booking_feeds', {
  storeId: text('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

export type CallSettingsRow = typeof callSettings.$inferSelect;
export type StoreAvailabilityRow = typeof storeAvailability.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
