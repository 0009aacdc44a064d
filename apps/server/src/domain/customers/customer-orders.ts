import type { Order } from '@shopfront/core';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { customers, downloadEvents, orders, products } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

/** One customer's orders in the store, newest first, with their download counts. */
export async function customerOrders(db: Executor, options: { storeId: string; customerId: string }): Promise<Order[]> {
  const rows = await db
    .select({ order: orders, productType: products.type, customer: { id: customers.id, name: customers.name, email: customers.email } })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.storeId, options.storeId), eq(orders.customerId, options.customerId)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const ids = rows.map((row) => row.order.id);
  const downloads =
    ids.length === 0
      ? []
      : await db
          .select({ orderId: downloadEvents.orderId, n: count() })
          .from(downloadEvents)
          .where(inArray(downloadEvents.orderId, ids))
          .groupBy(downloadEvents.orderId);
  const downloadsOf = new Map(downloads.map((row) => [row.orderId, row.n]));
  return rows.map(({ order, productType, customer }) => ({
    id: order.id,
    storeId: order.storeId,
    status: order.status,
    provider: order.provider,
    amountCents: order.amountCents,
    currency: order.currency,
    platformFeeCents: order.platformFeeCents,
    product: { id: order.productId, title: order.productTitle, type: productType },
    customer,
    downloadCount: downloadsOf.get(order.id) ?? 0,
    createdAt: order.createdAt.toISOString(),
    refundedAt: order.refundedAt?.toISOString() ?? null,
    refundedCents: order.refundedCents,
  }));
}
