import { AppError, COMMERCE_MESSAGES, PAYMENT_PLAN_MESSAGES } from '@shopfront/core';
import { and, eq, gt } from 'drizzle-orm';
import type { Transaction } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { paymentPlanCharges, paymentPlans, type OrderRow } from '#src/db/schema/index.ts';
import type { PaymentProvider } from '#src/providers/payments/payment-provider.ts';
import { recordPlanChargesRefunded } from './record-plan-charge-paid.ts';

/**
 * A plan order refunds whole (decision 047), in the refund's transaction under the order's lock:
 * a partial amount is refused; every later paid instalment is refunded through the provider (the
 * first is the order's own payment, refunded by the caller), and the plan is cancelled so its
 * queued charges charge nothing; on Stripe its subscription is cancelled now. Does nothing for an
 * order without a plan.
 */
export async function refundOrderPlan(
  tx: Transaction,
  order: OrderRow,
  options: { amountCents: number | undefined; remainingCents: number; now: Date; providerFor: (id: 'test' | 'stripe') => PaymentProvider },
): Promise<void> {
  const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.orderId, order.id)).for('update');
  if (!plan) return;
  if (options.amountCents !== undefined && options.amountCents !== options.remainingCents) throw new AppError('invalid-argument', PAYMENT_PLAN_MESSAGES.partialRefund);
  const later = await tx
    .select()
    .from(paymentPlanCharges)
    .where(and(eq(paymentPlanCharges.planId, plan.id), eq(paymentPlanCharges.status, 'paid'), gt(paymentPlanCharges.instalment, 1)));
  for (const charge of later) {
    try {
      await options.providerFor(plan.provider).refund({
        orderId: order.id,
        refundId: newId('rf'),
        accountId: plan.providerAccountId,
        providerPaymentId: charge.providerPaymentId,
        amountCents: charge.amountCents,
      });
    } catch {
      throw new AppError('unavailable', COMMERCE_MESSAGES.refundFailed);
    }
    await tx.update(paymentPlanCharges).set({ status: 'refunded', refundedAt: options.now }).where(eq(paymentPlanCharges.id, charge.id));
  }
  await recordPlanChargesRefunded(tx, later.map((charge) => charge.id), options.now);
  if (plan.provider === 'stripe' && plan.providerSubscriptionId && plan.status !== 'cancelled') {
    // The remaining instalments: Stripe's subscription ends now (its `deleted` webhook then finds the plan cancelled).
    const provider = options.providerFor('stripe');
    if (!provider.cancelSubscription) throw new Error('the Stripe provider cannot cancel a subscription');
    try {
      await provider.cancelSubscription({ accountId: plan.providerAccountId, subscriptionId: plan.providerSubscriptionId, idempotencyKey: `plan_${plan.id}_cancel` });
    } catch {
      throw new AppError('unavailable', COMMERCE_MESSAGES.refundFailed);
    }
  }
  await tx.update(paymentPlanCharges).set({ status: 'refunded', refundedAt: options.now }).where(and(eq(paymentPlanCharges.planId, plan.id), eq(paymentPlanCharges.instalment, 1), eq(paymentPlanCharges.status, 'paid')));
  await tx.update(paymentPlans).set({ status: 'cancelled', nextDueAt: null, graceUntil: null, updatedAt: options.now }).where(eq(paymentPlans.id, plan.id));
}
