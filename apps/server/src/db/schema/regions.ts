// Exports the two region tables (regionHeartbeats, regionStatus): one module because the mirror
// monitor writes both, one replicated and one not.
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * One row per secondary region, written on the primary every second by that region's server and
 * replicated to its mirror (docs/regions.md): `sent_at` is the primary's clock at the write,
 * `applied_at` the mirror's clock when the row arrived (set there by a trigger), so their
 * difference is the replication lag.
 */
export const regionHeartbeats = pgTable('region_heartbeats', {
  region: text('region').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  sentAt: timestamptz('sent_at').notNull(),
  appliedAt: timestamptz('applied_at'),
});

/**
 * What each secondary region's server last measured of its mirror, kept on the primary (never
 * replicated) for the admin home: state, where visitor reads go, and the lag.
 */
export const regionStatus = pgTable('region_status', {
  region: text('region').primaryKey(),
  /** `streaming`, `lagging`, `down` or `starting`. */
  state: text('state').notNull(),
  /** `mirror` or `primary`. */
  readsFrom: text('reads_from').notNull(),
  lagMs: integer('lag_ms'),
  lagP50Ms: integer('lag_p50_ms'),
  lagP99Ms: integer('lag_p99_ms'),
  detail: text('detail'),
  checkedAt: timestamptz('checked_at').notNull(),
});
