import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bundleItems, orderItems, orders } from '#src/db/schema/index.ts';

/**
 * The ids of every product an order grants, as a subquery (docs/selling.md "Bundles", "Order
 * bumps"): the product of each order line (the order's own product too, for orders from before
 * order lines existed), and the included products of each of those that is a bundle.
 */
export function grantedProductIds(orderId: AnyPgColumn | SQL): SQL {
  const lines = sql`select ${orders.productId} from ${orders} where ${orders.id} = ${orderId}
    union select ${orderItems.productId} from ${orderItems} where ${orderItems.orderId} = ${orderId}`;
  return sql`(${lines} union select ${bundleItems.productId} from ${bundleItems} where ${bundleItems.bundleProductId} in (${lines}))`;
}
