import type { StoreStats } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { emailCampaigns, products, storeCounters } from '#src/db/schema/index.ts';

/**
 * Spec §3 store stats: customers, products (archived ones left out), orders (refunded included)
 * and email campaigns (every campaign, drafts included), in one query. Customers and orders are
 * the counters kept on write (decision 036), not a count of 100,000 rows; a store's few products
 * and campaigns are counted by index. Call only after the caller's ownership of the store was checked.
 */
export async function getStoreStats(db: Executor, storeId: string): Promise<StoreStats> {
  const [row] = await db
    .select({
      customers: sql<number>`coalesce(sum(${storeCounters.customers}), 0)::int`,
      orders: sql<number>`coalesce(sum(${storeCounters.paidOrders} + ${storeCounters.refundedOrders}), 0)::int`,
      products: sql<number>`(select count(*)::int from ${products} where ${products.storeId} = ${storeId} and ${products.archivedAt} is null)`,
      emailCampaigns: sql<number>`(select count(*)::int from ${emailCampaigns} where ${emailCampaigns.storeId} = ${storeId} and ${emailCampaigns.automationId} is null and ${emailCampaigns.membershipPostId} is null)`,
    })
    .from(storeCounters)
    .where(eq(storeCounters.storeId, storeId));
  return { customers: row?.customers ?? 0, products: row?.products ?? 0, orders: row?.orders ?? 0, emailCampaigns: row?.emailCampaigns ?? 0 };
}
