import type { StoreStats } from '@shopfront/core';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { customers, emailCampaigns, orders, products } from '#src/db/schema/index.ts';

/**
 * Spec §3 store stats: customers, products (archived ones left out), orders (refunded included)
 * and email campaigns (every campaign, drafts included). Call only after the caller's ownership
 * of the store was checked.
 */
export async function getStoreStats(db: Database, storeId: string): Promise<StoreStats> {
  const [[customerCount], [productCount], [orderCount], [campaignCount]] = await Promise.all([
    db.select({ n: count() }).from(customers).where(eq(customers.storeId, storeId)),
    db.select({ n: count() }).from(products).where(and(eq(products.storeId, storeId), isNull(products.archivedAt))),
    db.select({ n: count() }).from(orders).where(eq(orders.storeId, storeId)),
    db.select({ n: count() }).from(emailCampaigns).where(eq(emailCampaigns.storeId, storeId)),
  ]);
  return {
    customers: customerCount?.n ?? 0,
    products: productCount?.n ?? 0,
    orders: orderCount?.n ?? 0,
    emailCampaigns: campaignCount?.n ?? 0,
  };
}
