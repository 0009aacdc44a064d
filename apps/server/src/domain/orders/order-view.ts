// Exports the Order view (orderColumns, selectOrders, toOrder): one module because the columns, the joined select
// and the wire shape are one definition.
import type { Order } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import { customers, downloadEvents, orders, products } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

/** The columns an Order is made of: the order, its product snapshot, its customer, its downloads. */
export const orderColumns = {
  id: orders.id,
  storeId: orders.storeId,
  status: orders.status,
  provider: orders.provider,
  amountCents: orders.amountCents,
  currency: orders.currency,
  platformFeeCents: orders.platformFeeCents,
  productId: orders.productId,
  productTitle: orders.productTitle,
  productType: products.type,
  customerId: customers.id,
  customerName: customers.name,
  customerEmail: customers.email,
  downloadCount: sql<number>`(select count(*)::int from ${downloadEvents} where ${downloadEvents.orderId} = ${orders.id})`,
  createdAt: orders.createdAt,
  refundedAt: orders.refundedAt,
};

/** `select … from orders` joined to what an Order shows; add `.where(…)`. */
export function selectOrders(db: Executor) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(products, sql`${products.id} = ${orders.productId}`)
    .innerJoin(customers, sql`${customers.id} = ${orders.customerId}`);
}

type OrderViewRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

/** The wire shape (OrderSchema). */
export function toOrder(row: OrderViewRow): Order {
  return {
    id: row.id,
    storeId: row.storeId,
    status: row.status,
    provider: row.provider,
    amountCents: row.amountCents,
    currency: row.currency,
    platformFeeCents: row.platformFeeCents,
    product: { id: row.productId, title: row.productTitle, type: row.productType },
    customer: { id: row.customerId, name: row.customerName, email: row.customerEmail },
    downloadCount: Number(row.downloadCount),
    createdAt: row.createdAt.toISOString(),
    refundedAt: row.refundedAt ? row.refundedAt.toISOString() : null,
  };
}
