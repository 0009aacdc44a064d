import type { Transaction } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { paymentPlanCharges, paymentPlans, type CheckoutRow } from '#src/db/schema/index.ts';
import { addInterval } from '#src/domain/memberships/membership-rules.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { scheduleTestPlanCharge } from './schedule-plan-charge.ts';

/**
 * Called by fulfilPayment for a plan checkout, in its transaction (decision 047): the plan (the
 * first instalment paid: the order's amount), its first charge, and on the test provider the
 * second instalment's charge a month on, on the store's test clock. The paying test card is the
 * saved one (a declining card never gets here: no order). On Stripe the subscription charges the
 * later instalments; its id links their webhooks to the plan.
 */
export async function startPaymentPlan(
  tx: Transaction,
  options: { checkout: CheckoutRow; orderId: string; customerId: string; provider: 'test' | 'stripe'; providerPaymentId: string | null; providerSubscriptionId?: string | null; now: Date },
): Promise<string> {
  const { checkout } = options;
  if (checkout.planInstalments === null || checkout.planInstalmentCents === null) throw new Error('not a plan checkout');
  const offsetMs = options.provider === 'test' ? await readTestClockOffsetMs(tx, checkout.storeId) : 0;
  const paidAt = new Date(options.now.getTime() + offsetMs);
  const nextDueAt = addInterval(paidAt, 'month');
  const planId = newId('pln');
  await tx.insert(paymentPlans).values({
    id: planId,
    storeId: checkout.storeId,
    orderId: options.orderId,
    customerId: options.customerId,
    productId: checkout.productId,
    provider: options.provider,
    providerAccountId: checkout.providerAccountId,
    instalments: checkout.planInstalments,
    instalmentCents: checkout.planInstalmentCents,
    currency: checkout.currency,
    paidCount: 1,
    status: 'active',
    nextDueAt,
    testCard: options.provider === 'test' ? 'pays' : null,
    providerSubscriptionId: options.providerSubscriptionId ?? null,
    createdAt: options.now,
    updatedAt: options.now,
  });
  await tx.insert(paymentPlanCharges).values({
    id: newId('plc'),
    planId,
    storeId: checkout.storeId,
    instalment: 1,
    attempt: 0,
    amountCents: checkout.amountCents,
    currency: checkout.currency,
    status: 'paid',
    dueAt: paidAt,
    providerPaymentId: options.providerPaymentId,
    createdAt: paidAt,
  });
  if (options.provider === 'test') await scheduleTestPlanCharge(tx, { planId, instalment: 2, attempt: 0 }, { storeId: checkout.storeId, runAt: nextDueAt });
  return planId;
}
