import type { StoreStats } from '@shopfront/core';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { customers, orders, products } from '#src/db/schema/index.ts';

/** Email campaigns arrive with the email issue: counted once their table exists. */
const CAMPAIGNS_TABLE = 'email_campaigns';

/**
 * Spec §3 store stats: customers, products (archived ones left out), orders (refunded included)
 * and email campaigns. Call only after the caller's ownership of the store was checked.
 */
export async function getStoreStats(db: Database, storeId: string): Promise<StoreStats> {
  const [[customerCount], [productCount], [orderCount]] = await Promise.all([
    db.select({ n: count() }).from(customers).where(eq(customers.storeId, storeId)),
    db.select({ n: count() }).from(products).where(and(eq(products.storeId, storeId), isNull(products.archivedAt))),
    db.select({ n: count() }).from(orders).where(eq(orders.storeId, storeId)),
  ]);
  return {
    customers: customerCount?.n ?? 0,
    products: productCount?.n ?? 0,
    orders: orderCount?.n ?? 0,
    emailCampaigns: await countCampaigns(db, storeId),
  };
}

async function countCampaigns(db: Database, storeId: string): Promise<number> {
  const exists = await db.execute<{ present: boolean }>(sql`select to_regclass(${CAMPAIGNS_TABLE}) is not null as present`);
  if (!exists.rows[0]?.present) return 0;
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(CAMPAIGNS_TABLE)} where store_id = ${storeId}`,
  );
  return result.rows[0]?.n ?? 0;
}
