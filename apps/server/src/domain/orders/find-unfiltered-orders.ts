import type { Order, OrderTotals } from '@shopfront/core';
import { eq, sql, type SQL } from 'drizzle-orm';
import { stores } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { preparedQuery } from '#src/db/prepared-query.ts';

/** An instant as `toISOString` writes it (milliseconds, truncated as the driver's Date is), made by PostgreSQL. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The page's rows (`limit` + 1, to know whether a next page exists) in OrderSchema's shape, as one JSON array. */
function pageJson(after: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', o.id, 'storeId', o.store_id, 'status', o.status, 'provider', o.provider, 'amountCents', o.amount_cents,
      'currency', o.currency, 'platformFeeCents', o.platform_fee_cents,
      'product', json_build_object('id', o.product_id, 'title', o.product_title, 'type', o.product_type),
      'customer', json_build_object('id', o.customer_id, 'name', o.customer_name, 'email', o.customer_email),
      'downloadCount', (select count(*)::int from download_events d where d.order_id = o.id),
      'createdAt', ${sql.raw(iso('o.created_at'))}, 'refundedAt', ${sql.raw(iso('o.refunded_at'))}, 'refundedCents', o.refunded_cents,
      'refunds', coalesce((select json_agg(json_build_object('id', r.id, 'amountCents', r.amount_cents, 'createdAt', ${sql.raw(iso('r.created_at'))})
                                           order by r.created_at, r.id) from order_refunds r where r.order_id = o.id), '[]'::json),
      'items', coalesce((select json_agg(json_build_object('productId', i.product_id, 'title', i.title, 'amountCents', i.amount_cents)
                                         order by i.position) from order_items i where i.order_id = o.id), '[]'::json),
      'plan', (select json_build_object('instalments', pp.instalments, 'instalmentCents', pp.instalment_cents, 'paidCount', pp.paid_count, 'status', pp.status)
               from payment_plans pp where pp.order_id = o.id)
    ) order by o.created_at desc, o.id desc), '[]'::json)
    from (select o.*, p.type as product_type, c.name as customer_name, c.email as customer_email
          from orders o join products p on p.id = o.product_id join customers c on c.id = o.customer_id
          where o.store_id = ${sql.placeholder('storeId')}${after}
          order by o.created_at desc, o.id desc limit ${sql.placeholder('limit')}) o)`;
}

/** The store's order counters kept on write (decision 036), summed over their shards. */
const countersJson = sql<CounterSums>`(select json_build_object(
    'orders', coalesce(sum(paid_orders + refunded_orders), 0),
    'grossCents', coalesce(sum(paid_gross_cents + refunded_gross_cents), 0),
    'refundedCents', coalesce(sum(paid_refunded_cents + refunded_refunded_cents), 0))
  from store_counters where store_id = ${sql.placeholder('storeId')})`;

interface CounterSums {
  orders: number;
  grossCents: number;
  refundedCents: number;
}

const build = (name: string, after: SQL) =>
  preparedQuery((db) =>
    db
      .select({ page: sql<Order[]>`${pageJson(after)}`, counters: countersJson })
      .from(stores)
      .where(eq(stores.id, sql.placeholder('storeId')))
      .prepare(name),
  );

const firstPage = build('list_orders_first', sql``);
/** Keyset after the cursor's order, looked up within the store: another store's order gives an empty page. */
const nextPage = build(
  'list_orders_next',
  sql` and (o.created_at, o.id) < (select n.created_at, n.id from orders n where n.id = ${sql.placeholder('orderId')} and n.store_id = ${sql.placeholder('storeId')})`,
);

/**
 * listOrders without a filter (what the orders page opens on, and its next pages): the page of
 * orders and the store's totals in one named statement, each order in its wire shape made by
 * PostgreSQL. Three round trips and drizzle's mapping of 51 rows were most of the call's CPU
 * (docs/selling.md "At 100,000 orders"). Same rows, order and totals as findOrders + sumOrders.
 * Call only after the caller's ownership of the store was checked.
 */
export async function findUnfilteredOrders(
  db: Executor,
  options: { storeId: string; orderId?: string; limit: number; currency: string },
): Promise<{ page: Order[]; more: boolean; totals: OrderTotals }> {
  const values = { storeId: options.storeId, limit: options.limit + 1 };
  const [row] = options.orderId
    ? await nextPage(db).execute({ ...values, orderId: options.orderId })
    : await firstPage(db).execute(values);
  const rows = row?.page ?? [];
  const counts = row?.counters ?? { orders: 0, grossCents: 0, refundedCents: 0 };
  const grossCents = Number(counts.grossCents);
  const refundedCents = Number(counts.refundedCents);
  return {
    page: rows.slice(0, options.limit),
    more: rows.length > options.limit,
    totals: { count: Number(counts.orders), grossCents, refundedCents, netCents: grossCents - refundedCents, currency: options.currency },
  };
}
