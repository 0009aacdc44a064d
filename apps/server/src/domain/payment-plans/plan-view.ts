// Exports findPlanViews and its scopes (ofCustomer, ofOrder): plans in their wire shape for the members area and the Sales page.
import type { PaymentPlanView } from '@shopfront/core';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { orders, paymentPlanCharges, paymentPlans, type PaymentPlanRow } from '#src/db/schema/index.ts';
import { retryAt } from '#src/domain/memberships/membership-rules.ts';

/** Plans in their wire shape (newest first), each with its charges in order; `where` scopes them to a store or customer. */
export async function findPlanViews(db: Executor, where: SQL): Promise<PaymentPlanView[]> {
  const plans = await db
    .select({ plan: paymentPlans, productTitle: orders.productTitle })
    .from(paymentPlans)
    .innerJoin(orders, eq(orders.id, paymentPlans.orderId))
    .where(where)
    .orderBy(desc(paymentPlans.createdAt), desc(paymentPlans.id));
  if (plans.length === 0) return [];
  const charges = await db
    .select()
    .from(paymentPlanCharges)
    .where(inArray(paymentPlanCharges.planId, plans.map((row) => row.plan.id)))
    .orderBy(asc(paymentPlanCharges.instalment), asc(paymentPlanCharges.attempt));
  return plans.map(({ plan, productTitle }) => ({
    id: plan.id,
    orderId: plan.orderId,
    productTitle,
    provider: plan.provider,
    instalments: plan.instalments,
    instalmentCents: plan.instalmentCents,
    currency: plan.currency,
    paidCount: plan.paidCount,
    status: plan.status,
    nextDueAt: plan.status === 'completed' || plan.status === 'cancelled' ? null : (plan.nextDueAt?.toISOString() ?? null),
    graceUntil: plan.graceUntil?.toISOString() ?? null,
    nextAttemptAt: nextAttempt(plan)?.toISOString() ?? null,
    charges: charges
      .filter((charge) => charge.planId === plan.id)
      .map((charge) => ({ instalment: charge.instalment, attempt: charge.attempt, status: charge.status, amountCents: charge.amountCents, dueAt: charge.dueAt.toISOString(), chargedAt: charge.createdAt.toISOString() })),
  }));
}

export const ofCustomer = (storeId: string, customerId: string) => and(eq(paymentPlans.storeId, storeId), eq(paymentPlans.customerId, customerId))!;
export const ofOrder = (storeId: string, orderId: string) => and(eq(paymentPlans.storeId, storeId), eq(paymentPlans.orderId, orderId))!;

/** The due date while active, the next retry while past due (the membership schedule); nothing else is tried by itself. */
function nextAttempt(plan: PaymentPlanRow): Date | null {
  if (!plan.nextDueAt) return null;
  if (plan.status === 'active') return plan.nextDueAt;
  if (plan.status !== 'past_due') return null;
  // Stripe's Smart Retries say when they try again (the grace); the test provider follows the membership schedule.
  return plan.provider === 'stripe' ? plan.graceUntil : retryAt(plan.nextDueAt, plan.failedAttempts);
}
