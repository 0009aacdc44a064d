import { AppError, COMMERCE_MESSAGES, type Order } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { orders, type OrderRow } from '#src/db/schema/index.ts';
import type { PaymentProvider } from '#src/providers/payments/payment-provider.ts';
import { getStoreOrder, orderNotFound } from './get-store-order.ts';

export interface RefundOrderOptions {
  storeId: string;
  orderId: string;
  now: Date;
  /** The provider that took the order's payment (injected so tests can fake a failure). */
  providerFor: (id: 'test' | 'stripe') => PaymentProvider;
  log?: { warn(details: object, message: string): void };
}

/**
 * Refunds an order of the store and so revokes its downloads. The order row is locked while the
 * provider is asked, so two clicks make one provider refund. Free orders are only marked refunded.
 * A provider failure leaves the order paid. Call only after the store's ownership was checked.
 */
export async function refundStoreOrder(db: Database, options: RefundOrderOptions): Promise<Order> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, options.storeId), eq(orders.id, options.orderId)))
      .limit(1)
      .for('update');
    if (!order) throw orderNotFound();
    if (order.status === 'refunded') throw new AppError('failed-precondition', COMMERCE_MESSAGES.alreadyRefunded);
    if (needsProviderRefund(order)) await refundThroughProvider(order, options);
    await tx.update(orders).set({ status: 'refunded', refundedAt: options.now, updatedAt: options.now }).where(eq(orders.id, order.id));
  });
  return getStoreOrder(db, options);
}

function needsProviderRefund(order: OrderRow): order is OrderRow & { provider: 'test' | 'stripe' } {
  return order.provider !== 'free' && order.amountCents > 0;
}

async function refundThroughProvider(order: OrderRow & { provider: 'test' | 'stripe' }, options: RefundOrderOptions): Promise<void> {
  try {
    const provider = options.providerFor(order.provider);
    await provider.refund({
      orderId: order.id,
      accountId: order.providerAccountId,
      providerPaymentId: order.providerPaymentId,
      amountCents: order.amountCents,
    });
  } catch (error) {
    options.log?.warn({ orderId: order.id, provider: order.provider, err: error }, 'refund failed');
    throw new AppError('unavailable', COMMERCE_MESSAGES.refundFailed);
  }
}
