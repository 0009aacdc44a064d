import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor, Transaction } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { paymentPlanCharges, paymentPlans, type PaymentPlanRow } from '#src/db/schema/index.ts';
import { addInterval, graceUntil, retryAt } from '#src/domain/memberships/membership-rules.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { queuePlanEmail } from './queue-plan-email.ts';
import { recordPlanChargePaid } from './record-plan-charge-paid.ts';
import { scheduleTestPlanCharge, type TestPlanCharge } from './schedule-plan-charge.ts';

export type TestPlanChargeResult = 'paid' | 'failed' | 'already-charged' | 'not-due';

/**
 * One instalment charge of a test plan, on its due date or as a retry, in one transaction under
 * the plan's lock. The charge row (unique per plan, instalment and attempt) is the charge: a job
 * run twice, or by two runners, charges once; a charge that is no longer the plan's next one
 * (paid, cancelled, completed) does nothing. Paid: `paid_count` + 1, a receipt, and the next
 * instalment a month on, or the plan completes. Failed: past_due with access until
 * `graceUntil(due)`, the next retry at `retryAt(due, attempt)` (the membership dunning rules),
 * and after the last retry the plan is locked. `attempt` past the schedule is the charge a card
 * update makes on a locked plan (chargeLockedPlanNow).
 */
export async function chargeTestPlanInstalment(
  db: Database,
  charge: TestPlanCharge,
  options: { now: Date; publicUrl: string; complete?: (tx: Executor) => Promise<void> },
): Promise<TestPlanChargeResult> {
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, charge.planId)).for('update');
    const result = plan && isNextCharge(plan, charge) ? await charged(tx, plan, charge, options) : 'not-due';
    await options.complete?.(tx);
    return result;
  });
}

function isNextCharge(plan: PaymentPlanRow, charge: TestPlanCharge): boolean {
  if (plan.provider !== 'test' || plan.nextDueAt === null || plan.paidCount + 1 !== charge.instalment) return false;
  if (charge.attempt === 0) return plan.status === 'active' && plan.failedAttempts === 0;
  if (plan.status === 'locked') return charge.attempt === plan.failedAttempts;
  return plan.status === 'past_due' && plan.failedAttempts === charge.attempt;
}

async function charged(tx: Transaction, plan: PaymentPlanRow, charge: TestPlanCharge, options: { now: Date; publicUrl: string }): Promise<TestPlanChargeResult> {
  const offsetMs = await readTestClockOffsetMs(tx, plan.storeId);
  const clockNow = new Date(options.now.getTime() + offsetMs);
  const dueAt = plan.nextDueAt!;
  const pays = plan.testCard === 'pays';
  const inserted = await tx
    .insert(paymentPlanCharges)
    .values({
      id: newId('plc'),
      planId: plan.id,
      storeId: plan.storeId,
      instalment: charge.instalment,
      attempt: charge.attempt,
      amountCents: plan.instalmentCents,
      currency: plan.currency,
      status: pays ? 'paid' : 'failed',
      dueAt,
      providerPaymentId: pays ? newId('testpay') : null,
      createdAt: clockNow,
    })
    .onConflictDoNothing()
    .returning({ id: paymentPlanCharges.id, instalment: paymentPlanCharges.instalment, amountCents: paymentPlanCharges.amountCents, currency: paymentPlanCharges.currency });
  if (inserted.length === 0) return 'already-charged';
  const update = (values: Partial<PaymentPlanRow>) =>
    tx.update(paymentPlans).set({ ...values, updatedAt: options.now }).where(eq(paymentPlans.id, plan.id)).returning().then((rows) => rows[0]!);

  if (pays) {
    await recordPlanChargePaid(tx, plan, inserted[0]!, options.now);
    const paidCount = plan.paidCount + 1;
    const done = paidCount >= plan.instalments;
    const nextDueAt = done ? null : addInterval(dueAt, 'month');
    const row = await update({ paidCount, status: done ? 'completed' : 'active', nextDueAt, failedAttempts: 0, graceUntil: null });
    await queuePlanEmail(tx, options.publicUrl, row, { notice: 'receipt', instalment: charge.instalment, nextDueAt });
    if (done) await queuePlanEmail(tx, options.publicUrl, row, { notice: 'completed' });
    else await scheduleTestPlanCharge(tx, { planId: plan.id, instalment: paidCount + 1, attempt: 0 }, { storeId: plan.storeId, runAt: nextDueAt! });
    return 'paid';
  }
  const attempt = charge.attempt + 1;
  const retry = plan.status === 'locked' ? null : retryAt(dueAt, attempt);
  if (!retry) {
    const row = await update({ status: 'locked', failedAttempts: attempt, graceUntil: null });
    if (plan.status !== 'locked') await queuePlanEmail(tx, options.publicUrl, row, { notice: 'locked', instalment: charge.instalment });
    return 'failed';
  }
  const grace = graceUntil(dueAt);
  const row = await update({ status: 'past_due', failedAttempts: attempt, graceUntil: grace });
  await queuePlanEmail(tx, options.publicUrl, row, { notice: 'payment-failed', instalment: charge.instalment, attempt, graceUntil: grace });
  await scheduleTestPlanCharge(tx, { planId: plan.id, instalment: charge.instalment, attempt }, { storeId: plan.storeId, runAt: retry });
  return 'failed';
}
