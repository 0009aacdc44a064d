// Exports the Order view (orderColumns, selectOrders, toOrder): one module because the columns, the joined select
// and the wire shape are one definition.
import type { Order } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import { customers, downloadEvents, orderItems, orderRefunds, orders, paymentPlans, products } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

/** The columns an Order is made of: the order, its product snapshot, its customer, its downloads, its refunds. */
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
  refundedCents: orders.refundedCents,
  /** Oldest first, as JSON (timestamps as ISO text): one query for a whole page of orders. */
  refunds: sql<{ id: string; amountCents: number; createdAt: string }[]>`coalesce((select json_agg(json_build_object('id', r.id, 'amountCents', r.amount_cents, 'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by r.created_at, r.id) from ${orderRefunds} r where r.order_id = ${orders.id}), '[]'::json)`,
  /** The order lines in order, as JSON. */
  /** The order's payment plan, when it has one (decision 047), as JSON. */
  plan: sql<{ instalments: number; instalmentCents: number; paidCount: number; status: 'active' | 'past_due' | 'locked' | 'completed' | 'cancelled' } | null>`(select json_build_object('instalments', p.instalments, 'instalmentCents', p.instalment_cents, 'paidCount', p.paid_count, 'status', p.status) from ${paymentPlans} p where p.order_id = ${orders.id})`,
  items: sql<{ productId: string; title: string; amountCents: number }[]>`coalesce((select json_agg(json_build_object('productId', i.product_id, 'title', i.title, 'amountCents', i.amount_cents) order by i.position) from ${orderItems} i where i.order_id = ${orders.id}), '[]'::json)`,
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
    refundedCents: row.refundedCents,
    refunds: row.refunds,
    items: row.items,
    plan: row.plan ?? null,
  };
}
