// Exports the order-list reads (findOrders for a page, sumOrders for the totals, findUnfilteredOrderPage for both without a
// filter, encodeOrderCursor, olderThanOrder): one module because the page and its totals read the same filter.
import { AppError, COMMERCE_LIMITS, type Order } from '@shopfront/core';
import type { OrderTotals } from '@shopfront/core';
import { and, desc, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { orders } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { sumLaterInstalments } from '#src/domain/payment-plans/later-instalments.ts';
import { readStoreCounters, type OrderCounts } from '#src/domain/stores/store-counters.ts';
import { orderConditions, type OrderFilter } from './order-range.ts';
import { findUnfilteredOrders } from './find-unfiltered-orders.ts';
import { selectOrders, toOrder } from './order-view.ts';

export interface OrderPage {
  orders: Order[];
  nextCursor: string | null;
}

const ORDER_ID = /^[a-z]+_[a-z0-9]{20}$/;

/** The cursor is the last order's id, opaque to clients; the page after it is keyset (created_at, id). */
export function encodeOrderCursor(orderId: string): string {
  return Buffer.from(`o:${orderId}`, 'utf8').toString('base64url');
}

function decodeOrderCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith('o:') ? text.slice(2) : '';
  if (!ORDER_ID.test(id)) throw new AppError('invalid-argument', 'This page link is no longer valid. Please reload.');
  return id;
}

/**
 * The orders after `orderId` in newest-first order, by keyset on (created_at, id): the row is looked
 * up within the store, so another store's order matches nothing (an empty page).
 */
export function olderThanOrder(storeId: string | Placeholder, orderId: string | Placeholder): SQL {
  return sql`(${orders.createdAt}, ${orders.id}) < (select c.created_at, c.id from ${orders} c where c.id = ${orderId} and c.store_id = ${storeId})`;
}

/**
 * Newest first. Call only after the caller's ownership of the store was checked. The cursor row is
 * looked up within the store, so a cursor naming another store's order gives an empty page.
 */
export async function findOrders(db: Executor, filter: OrderFilter & { cursor?: string; limit?: number }): Promise<OrderPage> {
  const limit = filter.limit ?? COMMERCE_LIMITS.pageSizeDefault;
  const cursorId = filter.cursor ? decodeOrderCursor(filter.cursor) : undefined;
  const rows = await selectOrders(db)
    .where(and(orderConditions(filter), cursorId ? olderThanOrder(filter.storeId, cursorId) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(toOrder);
  const last = page.at(-1);
  return { orders: page, nextCursor: rows.length > limit && last ? encodeOrderCursor(last.id) : null };
}

/**
 * The unfiltered list (what the orders page opens on, and its next pages) with the store's totals,
 * in one statement (find-unfiltered-orders.ts); the same answer as findOrders + sumOrders without a filter.
 */
export async function findUnfilteredOrderPage(
  db: Executor,
  options: { storeId: string; cursor?: string | undefined; limit?: number | undefined; currency: string },
): Promise<OrderPage & { totals: OrderTotals }> {
  const limit = options.limit ?? COMMERCE_LIMITS.pageSizeDefault;
  const orderId = options.cursor ? decodeOrderCursor(options.cursor) : undefined;
  const { page, more, totals } = await findUnfilteredOrders(db, { storeId: options.storeId, ...(orderId ? { orderId } : {}), limit, currency: options.currency });
  const last = page.at(-1);
  return { orders: page, nextCursor: more && last ? encodeOrderCursor(last.id) : null, totals };
}

/**
 * Totals over the whole filtered range (not just one page). Without dates they are the store's
 * counters kept on write (decision 036), whatever the number of orders; a date range sums its orders
 * and the payment plan instalments charged within it (decision 047): revenue, never more orders.
 */
export async function sumOrders(db: Executor, filter: OrderFilter, currency: string): Promise<OrderTotals> {
  if (!filter.from && !filter.to) {
    const counts = await readStoreCounters(db, filter.storeId);
    const kept = [filter.status !== 'refunded' ? counts.paid : null, filter.status !== 'paid' ? counts.refunded : null].filter((c) => c !== null);
    const add = (pick: (c: OrderCounts) => number) => kept.reduce((sum, c) => sum + pick(c), 0);
    return totals(add((c) => c.orders), add((c) => c.grossCents), add((c) => c.refundedCents), currency);
  }
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      grossCents: sql<string>`coalesce(sum(${orders.amountCents}), 0)::bigint`,
      refundedCents: sql<string>`coalesce(sum(${orders.refundedCents}), 0)::bigint`,
    })
    .from(orders)
    .where(orderConditions(filter));
  const later = await sumLaterInstalments(db, filter);
  return totals(Number(row?.count ?? 0), Number(row?.grossCents ?? 0) + later.grossCents, Number(row?.refundedCents ?? 0) + later.refundedCents, currency);
}

function totals(count: number, grossCents: number, refundedCents: number, currency: string): OrderTotals {
  return { count, grossCents, refundedCents, netCents: grossCents - refundedCents, currency };
}
