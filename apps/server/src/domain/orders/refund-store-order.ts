import { AppError, COMMERCE_MESSAGES, formatMoney, type Order } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Transaction } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { customers, orderRefunds, orders, stores, type OrderRow } from '#src/db/schema/index.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { refundEmail } from '#src/providers/email/templates/refund.ts';
import type { PaymentProvider } from '#src/providers/payments/payment-provider.ts';
import { getStoreOrder, orderNotFound } from './get-store-order.ts';

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
    const refundedCents = order.refundedCents + amount;
    const accessEnded = refundedCents === order.amountCents;
    const refundId = newId('rf');
    const providerRefundId = needsProviderRefund(order) ? await refundThroughProvider(order, refundId, amount, options) : null;
    if (amount > 0) {
      await tx.insert(orderRefunds).values({ id: refundId, orderId: order.id, storeId: order.storeId, amountCents: amount, providerRefundId, createdAt: options.now });
    }
    await tx
      .update(orders)
      .set({ refundedCents, updatedAt: options.now, ...(accessEnded ? { status: 'refunded' as const, refundedAt: options.now } : {}) })
      .where(eq(orders.id, order.id));
    if (amount > 0) await enqueueRefundEmail(tx, order, { refundId, amount, refundedCents, accessEnded });
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

async function enqueueRefundEmail(
  tx: Transaction,
  order: OrderRow,
  refund: { refundId: string; amount: number; refundedCents: number; accessEnded: boolean },
): Promise<void> {
  const [row] = await tx
    .select({ storeName: stores.name, email: customers.email, name: customers.name })
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .where(eq(customers.id, order.customerId))
    .limit(1);
  if (!row) return;
  const money = (cents: number) => formatMoney(cents, order.currency, { locale: 'en' });
  const rendered = refundEmail({
    productName: row.storeName,
    buyerName: row.name,
    productTitle: order.productTitle,
    refundedText: money(refund.amount),
    totalRefundedText: money(refund.refundedCents),
    paidText: money(order.amountCents),
    orderId: order.id,
    accessEnded: refund.accessEnded,
  });
  await enqueueEmail(tx, { to: row.email, ...rendered, tags: ['refund'] }, { idempotencyKey: `refund:${refund.refundId}` });
}
