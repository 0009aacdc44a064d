import { AppError, COMMERCE_MESSAGES, type Order } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { orders } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { selectOrders, toOrder } from './order-view.ts';

/** An order of the store; another store's order answers exactly like a missing one. */
export async function getStoreOrder(db: Executor, options: { storeId: string; orderId: string }): Promise<Order> {
  const [row] = await selectOrders(db)
    .where(and(eq(orders.storeId, options.storeId), eq(orders.id, options.orderId)))
    .limit(1);
  if (!row) throw orderNotFound();
  return toOrder(row);
}

export function orderNotFound(): AppError {
  return new AppError('not-found', COMMERCE_MESSAGES.orderNotFound);
}
