import { AppError, COMMERCE_MESSAGES, type Order } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { orders, type OrderRow } from '#src/db/schema/index.ts';
import type { PaymentProvider } from '#src/providers/payments/payment-provider.ts';
import { getStoreOrder, orderNotFound } from './get-store-order.ts';
import { recordRefund } from './record-refund.ts';
import { refundOrderPlan } from '../payment-plans/refund-order-plan.ts';

export interface RefundOrderOptions {
  storeId: string;
  orderId: string;
  /** Minor units; all of what remains when absent. */
  amountCents?: number;
  now: Date;
  /** The provider that took the order's payment (injected so tests can fake a failure). */
  providerFor: (id: 'test' | 'stripe') => PaymentProvider;
  log?: { warn(details: object, message: string): void };
}

/**
 * Refunds all or part of what remains of an order of the store. The order row is locked while the
 * provider is asked, so two refunds at once run one after the other and the second sees what the
 * first took: together they can never exceed the order. Downloads stop only when the refunds reach
 * the order's amount (the status becomes `refunded`). A free order is only marked refunded (it
 * revokes access). A provider failure changes nothing. Each paid refund queues the buyer's refund
 * email in the same transaction. Call only after the store's ownership was checked.
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
    const remaining = order.amountCents - order.refundedCents;
    const amount = options.amountCents ?? remaining;
    if (order.amountCents > 0 && amount <= 0) throw new AppError('invalid-argument', COMMERCE_MESSAGES.refundAmountTooLow);
    if (amount > remaining) throw new AppError('invalid-argument', COMMERCE_MESSAGES.refundAmountTooHigh);
    // A payment plan order refunds whole: its later instalments too, and the plan is cancelled.
    await refundOrderPlan(tx, order, { amountCents: options.amountCents, remainingCents: remaining, now: options.now, providerFor: options.providerFor });
    const refundId = newId('rf');
    const providerRefundId = needsProviderRefund(order) ? await refundThroughProvider(order, refundId, amount, options) : null;
    await recordRefund(tx, order, { refundId, amountCents: amount, providerRefundId, now: options.now });
  });
  return getStoreOrder(db, options);
}

function needsProviderRefund(order: OrderRow): order is OrderRow & { provider: 'test' | 'stripe' } {
  return order.provider !== 'free' && order.amountCents > 0;
}

async function refundThroughProvider(
  order: OrderRow & { provider: 'test' | 'stripe' },
  refundId: string,
  amountCents: number,
  options: RefundOrderOptions,
): Promise<string> {
  try {
    const provider = options.providerFor(order.provider);
    const { refundId: providerRefundId } = await provider.refund({
      orderId: order.id,
      refundId,
      accountId: order.providerAccountId,
      providerPaymentId: order.providerPaymentId,
      amountCents,
    });
    return providerRefundId;
  } catch (error) {
    options.log?.warn({ orderId: order.id, provider: order.provider, err: error }, 'refund failed');
    throw new AppError('unavailable', COMMERCE_MESSAGES.refundFailed);
  }
}
