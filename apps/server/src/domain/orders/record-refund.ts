import { formatMoney } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Transaction } from '#src/db/executor.ts';
import { customers, orderRefunds, orders, stores, type OrderRow } from '#src/db/schema/index.ts';
import { reverseCommission } from '#src/domain/affiliates/reverse-commission.ts';
import { endRefundedEnrolments } from '#src/domain/courses/enrolment/end-refunded-enrolments.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { refundEmail } from '#src/providers/email/templates/refund.ts';

export interface RecordedRefund {
  refundedCents: number;
  accessEnded: boolean;
}

/**
 * Books a refund the provider already made, inside the caller's transaction with the order row
 * locked: the refund row, the order's refunded total (status `refunded` once it reaches the
 * amount, which ends downloads and course enrolments), the affiliate commission's share of it (docs/affiliates.md
 * "Money") and, for a paid amount, the buyer's refund email. Used by the
 * dashboard's refund and by refunds made in Stripe's own dashboard (the `charge.refunded` event).
 */
export async function recordRefund(
  tx: Transaction,
  order: OrderRow,
  refund: { refundId: string; amountCents: number; providerRefundId: string | null; now: Date },
): Promise<RecordedRefund> {
  const refundedCents = order.refundedCents + refund.amountCents;
  const accessEnded = refundedCents === order.amountCents;
  if (refund.amountCents > 0) {
    await tx.insert(orderRefunds).values({
      id: refund.refundId,
      orderId: order.id,
      storeId: order.storeId,
      amountCents: refund.amountCents,
      providerRefundId: refund.providerRefundId,
      createdAt: refund.now,
    });
  }
  await tx
    .update(orders)
    .set({ refundedCents, updatedAt: refund.now, ...(accessEnded ? { status: 'refunded' as const, refundedAt: refund.now } : {}) })
    .where(eq(orders.id, order.id));
  await reverseCommission(tx, { orderId: order.id, orderCents: order.amountCents, refundedCents, now: refund.now });
  if (accessEnded) await endRefundedEnrolments(tx, order, refund.now);
  if (refund.amountCents > 0) await enqueueRefundEmail(tx, order, { ...refund, refundedCents, accessEnded });
  return { refundedCents, accessEnded };
}

async function enqueueRefundEmail(
  tx: Transaction,
  order: OrderRow,
  refund: { refundId: string; amountCents: number; refundedCents: number; accessEnded: boolean },
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
    refundedText: money(refund.amountCents),
    totalRefundedText: money(refund.refundedCents),
    paidText: money(order.amountCents),
    orderId: order.id,
    accessEnded: refund.accessEnded,
  });
  await enqueueEmail(tx, { to: row.email, ...rendered, tags: ['refund'] }, { idempotencyKey: `refund:${refund.refundId}` });
}
