// Exports the read of the store counters kept on write (readStoreCounters): it sums the shards the
// orders and customers triggers write (decision 036); a product's paid orders are read with the
// product list itself (domain/products/product-view.ts).
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { storeCounters } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

export interface OrderCounts {
  orders: number;
  grossCents: number;
  refundedCents: number;
}

export interface StoreCounts {
  customers: number;
  paid: OrderCounts;
  refunded: OrderCounts;
}

const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** The store's customers and its orders by status, as a recount would find them (0 for a store without any). */
export async function readStoreCounters(db: Executor, storeId: string): Promise<StoreCounts> {
  const [row] = await db
    .select({
      customers: total(storeCounters.customers),
      paidOrders: total(storeCounters.paidOrders),
      paidGrossCents: total(storeCounters.paidGrossCents),
      paidRefundedCents: total(storeCounters.paidRefundedCents),
      refundedOrders: total(storeCounters.refundedOrders),
      refundedGrossCents: total(storeCounters.refundedGrossCents),
      refundedRefundedCents: total(storeCounters.refundedRefundedCents),
    })
    .from(storeCounters)
    .where(eq(storeCounters.storeId, storeId));
  return {
    customers: row?.customers ?? 0,
    paid: { orders: row?.paidOrders ?? 0, grossCents: row?.paidGrossCents ?? 0, refundedCents: row?.paidRefundedCents ?? 0 },
    refunded: { orders: row?.refundedOrders ?? 0, grossCents: row?.refundedGrossCents ?? 0, refundedCents: row?.refundedRefundedCents ?? 0 },
  };
}
