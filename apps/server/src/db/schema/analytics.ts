import { bigint, customType, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { stores } from './stores.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * What a visitor did, one row per event (docs/analytics.md). Partitioned by month on
 * `occurred_at` (the migration declares `PARTITION BY RANGE`; drizzle-kit cannot, so the
 * generated SQL was edited). No IP address and no user agent is ever stored: `visitor` is a
 * salted hash that changes every day, and country, device, browser and OS are derived at ingest.
 * The source columns are the visit's entry source (the visitor's first event of the day), so
 * every later event of the visit — a click, a checkout, the purchase — is credited to it.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    /**
     * No foreign key: its check (one lookup and lock of the store per event) was about half of the
     * flush statement's time once the rollups were grouped (decision 059). A trigger on `stores`
     * deletes a deleted store's events instead, and the flush's rollup upserts (which keep their
     * keys) still refuse a batch for a store that is gone.
     */
    storeId: text('store_id').notNull(),
    /** The store-local calendar day of `occurred_at` (the store's time zone at ingest). */
    localDay: date('local_day', { mode: 'string' }).notNull(),
    /** storefront_view, product_view, page_view, link_click, checkout_started, purchase, members_signup. */
    type: text('type').notNull(),
    /** The daily visitor hash (64 bits of HMAC-SHA-256), null for events with no visitor. */
    visitor: bigint('visitor', { mode: 'bigint' }),
    productId: text('product_id'),
    linkId: text('link_id'),
    /** A website page's slug (page_view). */
    page: text('page'),
    orderId: text('order_id'),
    revenueCents: integer('revenue_cents'),
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** ISO 3166-1 alpha-2, or null when unknown. */
    country: text('country'),
    /** desktop, mobile, tablet, other. */
    device: text('device'),
    browser: text('browser'),
    os: text('os'),
  },
  (table) => [primaryKey({ columns: [table.occurredAt, table.id] }), index('analytics_events_store_time_idx').on(table.storeId, table.occurredAt)],
);

/**
 * One row per visitor per store-local day: the visit's entry source and what the visitor reached
 * (the funnel). Counting these rows is counting visitors, since the hash changes daily.
 */
export const analyticsVisits = pgTable(
  'analytics_visits',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    visitor: bigint('visitor', { mode: 'bigint' }).notNull(),
    firstSeenAt: timestamptz('first_seen_at').notNull(),
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    country: text('country'),
    device: text('device'),
    browser: text('browser'),
    os: text('os'),
    viewedStore: integer('viewed_store').notNull().default(0),
    viewedProduct: integer('viewed_product').notNull().default(0),
    startedCheckout: integer('started_checkout').notNull().default(0),
    purchased: integer('purchased').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.localDay, table.visitor] }), index('analytics_visits_day_brin').using('brin', table.localDay)],
);

/** The counters every rollup row keeps (docs/analytics.md "Rollups"). */
const rollupCounters = () => ({
  /** New visitor-days first seen in this bucket with this dimension value (entry attribution). */
  visitors: integer('visitors').notNull().default(0),
  /** Page views: storefront, product and website pages. */
  views: integer('views').notNull().default(0),
  productViews: integer('product_views').notNull().default(0),
  clicks: integer('clicks').notNull().default(0),
  checkouts: integer('checkouts').notNull().default(0),
  sales: integer('sales').notNull().default(0),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  signups: integer('signups').notNull().default(0),
});

/**
 * Hourly counters per store, UTC hour, dimension and value. Dimension `all` (value '') is the
 * store's total; the others are product, link, page, referrer, utm_source, utm_medium,
 * utm_campaign, country, device, browser, os. Maintained in the same transaction that writes the
 * raw events, so they always equal a count of them.
 */
export const analyticsHourly = pgTable(
  'analytics_hourly',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    hour: timestamptz('hour').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    ...rollupCounters(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.hour, table.dimension, table.value] })],
);

/** Daily counters per store-local day; same dimensions and counters as the hourly rollup. */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    ...rollupCounters(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.day, table.dimension, table.value] })],
);

/**
 * The visitor-hash salt of each calendar day. A day's salt is deleted once that date has ended
 * everywhere on Earth (UTC−12), so yesterday's visitors can never be re-identified.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: bytea('salt').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
