import type { StoreStats } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Spec §3 store stats and the tables that will hold them (ARCHITECTURE §4: rows carry store_id). */
const STAT_TABLES = {
  customers: 'customers',
  products: 'products',
  orders: 'orders',
  emailCampaigns: 'email_campaigns',
} as const satisfies Record<keyof StoreStats, string>;

/**
 * Counts per store. Customers, products, orders and campaigns arrive with the selling and email
 * issues: until a table exists its count is 0, and it is counted as soon as its migration lands.
 * Call only after the caller's ownership of the store was checked.
 */
export async function getStoreStats(db: Database, storeId: string): Promise<StoreStats> {
  const stats: StoreStats = { customers: 0, products: 0, orders: 0, emailCampaigns: 0 };
  const names = Object.values(STAT_TABLES);
  const existing = await db.execute<{ name: string }>(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname in ${names}`,
  );
  const present = new Set(existing.rows.map((row) => row.name));
  for (const [key, table] of Object.entries(STAT_TABLES) as [keyof StoreStats, string][]) {
    if (!present.has(table)) continue;
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where store_id = ${storeId}`,
    );
    stats[key] = result.rows[0]?.n ?? 0;
  }
  return stats;
}
