import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { orderGrants } from '#src/db/schema/index.ts';

/**
 * The ids of every product an order grants, as a subquery (docs/selling.md "Bundles", "Order
 * bumps"): the order's grant rows, written at fulfilment, so a bundle edited later keeps giving
 * its past buyers what they bought. The inner table is aliased so `orderId` (often the outer
 * query's `orders.id`) keeps naming the outer row.
 */
export function grantedProductIds(orderId: AnyPgColumn | SQL): SQL {
  return sql`(select g_g.product_id from ${orderGrants} g_g where g_g.order_id = ${orderId})`;
}
