import { AppError, PAYMENT_PLAN_MESSAGES as M, type CardFormInput, type PaymentPlanView } from '@shopfront/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { paymentPlans } from '#src/db/schema/index.ts';
import type { TestAuthentication } from '#src/domain/checkout/classify-test-card.ts';
import { attachTestCard, type TestCardAttachment } from '#src/domain/memberships/attach-test-card.ts';
import { chargeTestPlanInstalment } from './charge-test-plan-instalment.ts';
import { findPlanViews } from './plan-view.ts';

export type PlanCardReplacement = { kind: 'replaced'; plan: PaymentPlanView } | Exclude<TestCardAttachment, { kind: 'attached' }>;

/**
 * The buyer's "Update card" for their own live test plan (another customer's or store's answers
 * like a missing one), with the membership test cards (attachTestCard: 0341 saves and declines
 * every later charge). The next charge or retry uses it; on a locked plan the overdue instalment
 * is charged at once, and paid, the plan is active again and its access back.
 */
export async function replaceMyPlanCard(
  deps: { db: Database; now: Date; publicUrl: string },
  input: { storeId: string; customerId: string; planId: string; card: CardFormInput; authentication?: TestAuthentication | undefined },
): Promise<PlanCardReplacement> {
  const where = and(
    eq(paymentPlans.id, input.planId),
    eq(paymentPlans.storeId, input.storeId),
    eq(paymentPlans.customerId, input.customerId),
    eq(paymentPlans.provider, 'test'),
    inArray(paymentPlans.status, ['active', 'past_due', 'locked']),
  );
  const [plan] = await deps.db.select().from(paymentPlans).where(where);
  if (!plan) throw new AppError('not-found', M.planNotFound);
  const attachment = attachTestCard(input.card, deps.now, input.authentication);
  if (attachment.kind !== 'attached') return attachment;
  const [updated] = await deps.db.update(paymentPlans).set({ testCard: attachment.card, updatedAt: deps.now }).where(where).returning();
  if (!updated) throw new AppError('not-found', M.planNotFound);
  if (updated.status === 'locked') {
    await chargeTestPlanInstalment(deps.db, { planId: updated.id, instalment: updated.paidCount + 1, attempt: updated.failedAttempts }, { now: deps.now, publicUrl: deps.publicUrl });
  }
  const [view] = await findPlanViews(deps.db, eq(paymentPlans.id, updated.id));
  return { kind: 'replaced', plan: view! };
}
