import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bundleItems, orderItems, orders } from '#src/db/schema/index.ts';

/**
 * The ids of every product an order grants, as a subquery (docs/selling.md "Bundles", "Order
 * bumps"): the product of each order line (the order's own product too, for orders from before
 * order lines existed), and the included products of each of those that is a bundle. The inner
 * tables are aliased so `orderId` (often the outer query's `orders.id`) keeps naming the outer row.
 */
export function grantedProductIds(orderId: AnyPgColumn | SQL): SQL {
  const lines = sql`select g_o.product_id from ${orders} g_o where g_o.id = ${orderId}
    union select g_i.product_id from ${orderItems} g_i where g_i.order_id = ${orderId}`;
  return sql`(${lines} union select g_b.product_id from ${bundleItems} g_b where g_b.bundle_product_id in (${lines}))`;
}
