import { inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { bundleItems, orderGrants } from '#src/db/schema/index.ts';

/**
 * Writes what an order grants, at fulfilment: each line's product, and the products each bundle
 * among them includes right now. Later edits to the bundle don't change these rows.
 */
export async function recordOrderGrants(
  tx: Executor,
  order: { orderId: string; storeId: string; productIds: string[] },
): Promise<void> {
  const included = await tx
    .select({ productId: bundleItems.productId, bundleProductId: bundleItems.bundleProductId })
    .from(bundleItems)
    .where(inArray(bundleItems.bundleProductId, order.productIds));
  const rows = [
    ...order.productIds.map((productId) => ({ productId, viaProductId: null as string | null })),
    ...included.map((item) => ({ productId: item.productId, viaProductId: item.bundleProductId })),
  ];
  await tx
    .insert(orderGrants)
    .values(rows.map((row) => ({ orderId: order.orderId, storeId: order.storeId, ...row })))
    .onConflictDoNothing();
}
