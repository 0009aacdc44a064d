import { sql } from 'drizzle-orm';
import type { Executor } from './executor.ts';

/**
 * The channel every server LISTENs on to drop its cached storefronts (ARCHITECTURE §6). A store
 * change is a database event: the domain announces it here and each server's storefront cache
 * hears it over LISTEN, so neither layer imports the other.
 */
export const STOREFRONT_CHANGED_CHANNEL = 'storefront_changed';

/**
 * Tells every server (this one included) that what visitors see of a store changed: publish,
 * domain, slug or product changes. Inside a transaction PostgreSQL delivers the notification only
 * on commit, so a cache is never refilled with rows that are rolled back. Also bumps the store's
 * version, which is part of the storefront ETag.
 */
export async function notifyStorefrontChanged(db: Executor, storeId: string): Promise<void> {
  await db.execute(sql`update stores set version = version + 1, updated_at = now() where id = ${storeId}`);
  await db.execute(sql`select pg_notify(${STOREFRONT_CHANGED_CHANNEL}, ${storeId})`);
}
