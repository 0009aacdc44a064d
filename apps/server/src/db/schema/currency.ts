import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Exchange rates for the storefront's approximate local prices (docs/currency.md): one set, as
 * the daily job last wrote it. `rate` is units of `currency` per 1 `base`; every row of the set
 * has the same base, as_of and source. `source` is `fetched` (FX_RATES_URL) or `bundled` (the
 * approximate table shipped with the server, used offline).
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    base: text('base').notNull(),
    currency: text('currency').notNull(),
    rate: doublePrecision('rate').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    fetchedAt: timestamptz('fetched_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.base, table.currency] }),
    check('fx_rates_source', sql`${table.source} in ('fetched', 'bundled')`),
    check('fx_rates_rate_positive', sql`${table.rate} > 0`),
  ],
);
