// Exports the effects of a Stripe plan's invoices and its subscription's end: charges, plan states and emails.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { paymentPlanCharges, paymentPlans, type PaymentPlanRow } from '#src/db/schema/index.ts';
import { addInterval } from '#src/domain/memberships/membership-rules.ts';
import type { InvoiceSnapshot } from '#src/domain/memberships/stripe/read-stripe-objects.ts';
import type { Env } from '#src/env.ts';
import { queuePlanEmail } from '../queue-plan-email.ts';
import { recordPlanChargePaid } from '../record-plan-charge-paid.ts';
import { planBilling } from './stripe-plan-checkout.ts';

export type PlanEventOutcome = 'applied' | 'stale' | 'replay' | 'ignored';

/** One verified connected-account plan event being applied, inside its transaction. */
export interface PlanEventContext {
  tx: Transaction;
  env: Env;
  now: Date;
  log: FastifyBaseLogger;
  /** The connected account the event came from (`event.account`). */
  account: string;
  eventId: string;
  /** Stripe's `created`. */
  createdAt: Date;
}

/**
 * The Stripe plan of a subscription, locked. Another account's event naming it (whatever ids it
 * carries) is ignored: a store's events never touch another store's buyer.
 */
async function planOf(ctx: PlanEventContext, subscriptionId: string): Promise<PaymentPlanRow | null> {
  const [plan] = await ctx.tx
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.provider, 'stripe'), eq(paymentPlans.providerSubscriptionId, subscriptionId)))
    .for('update');
  if (!plan) return null;
  if (plan.providerAccountId !== ctx.account) {
    ctx.log.warn({ eventId: ctx.eventId, subscriptionId, account: ctx.account }, 'Stripe plan event from another account; ignored');
    return null;
  }
  return plan;
}

const ENDED = new Set(['completed', 'cancelled']);

/**
 * A later instalment's invoice (`invoice.paid` / `invoice.payment_failed`; the first is the
 * order's). Instalment k is the plan's paid count + 1; an invoice the plan already has paid, an
 * older failed attempt, or any invoice of an ended plan is stale.
 *  - paid: the charge, `paid_count` k, the receipt; the Nth completes the plan and, if its
 *    subscription is still live, cancels it (idempotent), so a missing schedule never bills N+1;
 *  - failed: past due with access until Smart Retries try again (`next_payment_attempt`), and the
 *    failed-payment email; the subscription's end after the last attempt locks it.
 */
export async function planInvoice(ctx: PlanEventContext, invoice: InvoiceSnapshot, options: { paid: boolean; paymentIntent: string | null }): Promise<PlanEventOutcome> {
  const plan = await planOf(ctx, invoice.subscriptionId);
  if (!plan) return 'ignored';
  if (ENDED.has(plan.status)) {
    if (options.paid && plan.status === 'completed') await cancelIfLive(ctx, plan);
    return 'stale';
  }
  const [settled] = await ctx.tx
    .select({ id: paymentPlanCharges.id })
    .from(paymentPlanCharges)
    .where(and(eq(paymentPlanCharges.planId, plan.id), eq(paymentPlanCharges.providerInvoiceId, invoice.id), inArray(paymentPlanCharges.status, ['paid', 'refunded'])));
  if (settled) return 'stale';
  const instalment = plan.paidCount + 1;
  const attempt = Math.max(0, invoice.attemptCount - 1);
  const dueAt = invoice.periodStart ?? plan.nextDueAt ?? ctx.createdAt;
  if (!options.paid && plan.failedAttempts > 0 && invoice.attemptCount <= plan.failedAttempts) return 'stale';
  const inserted = await ctx.tx
    .insert(paymentPlanCharges)
    .values({
      id: newId('plc'),
      planId: plan.id,
      storeId: plan.storeId,
      instalment,
      attempt,
      amountCents: options.paid ? invoice.amountCents : plan.instalmentCents,
      currency: plan.currency,
      status: options.paid ? 'paid' : 'failed',
      dueAt,
      providerPaymentId: options.paymentIntent,
      providerInvoiceId: invoice.id,
      createdAt: ctx.createdAt,
    })
    .onConflictDoNothing()
    .returning({ id: paymentPlanCharges.id, instalment: paymentPlanCharges.instalment, amountCents: paymentPlanCharges.amountCents, currency: paymentPlanCharges.currency });
  if (inserted.length === 0) return 'stale';
  const update = (values: Partial<PaymentPlanRow>) =>
    ctx.tx.update(paymentPlans).set({ ...values, updatedAt: ctx.now }).where(eq(paymentPlans.id, plan.id)).returning().then((rows) => rows[0]!);
  const publicUrl = ctx.env.publicUrl;

  if (options.paid) {
    // Revenue and the affiliate's commission of this instalment, once per charge, as on the test provider.
    await recordPlanChargePaid(ctx.tx, plan, inserted[0]!, ctx.now);
    const done = instalment >= plan.instalments;
    const nextDueAt = done ? null : (invoice.periodEnd ?? addInterval(dueAt, 'month'));
    // A locked plan whose subscription is gone stays locked until it is paid in full.
    const status = done ? 'completed' : plan.status === 'locked' ? 'locked' : 'active';
    const row = await update({ paidCount: instalment, status, nextDueAt, failedAttempts: 0, graceUntil: null });
    await queuePlanEmail(ctx.tx, publicUrl, row, { notice: 'receipt', instalment, nextDueAt });
    if (done) {
      await queuePlanEmail(ctx.tx, publicUrl, row, { notice: 'completed' });
      await cancelIfLive(ctx, row);
    }
    return 'applied';
  }
  const graceUntil = invoice.nextPaymentAttempt ?? ctx.createdAt;
  const row = await update({ status: plan.status === 'locked' ? 'locked' : 'past_due', failedAttempts: invoice.attemptCount, graceUntil, nextDueAt: dueAt });
  await queuePlanEmail(ctx.tx, publicUrl, row, { notice: 'payment-failed', instalment, attempt: invoice.attemptCount, graceUntil });
  return 'applied';
}

/**
 * `customer.subscription.deleted`: before the N instalments are paid the plan is locked (Stripe
 * gave up on a payment, or the creator cancelled it in Stripe), with the locked email; after them it
 * is completed. An ended plan (completed, or cancelled by a refund) is stale.
 */
export async function planSubscriptionDeleted(ctx: PlanEventContext, subscriptionId: string): Promise<PlanEventOutcome> {
  const plan = await planOf(ctx, subscriptionId);
  if (!plan) return 'ignored';
  if (ENDED.has(plan.status) || plan.status === 'locked') return 'stale';
  const done = plan.paidCount >= plan.instalments;
  const [row] = await ctx.tx
    .update(paymentPlans)
    .set(done ? { status: 'completed', nextDueAt: null, graceUntil: null, updatedAt: ctx.now } : { status: 'locked', graceUntil: null, updatedAt: ctx.now })
    .where(eq(paymentPlans.id, plan.id))
    .returning();
  await queuePlanEmail(ctx.tx, ctx.env.publicUrl, row!, done ? { notice: 'completed' } : { notice: 'locked', instalment: plan.paidCount + 1 });
  return 'applied';
}

/** In the event's transaction: a failed call rolls the event back, so Stripe's next delivery tries again. */
async function cancelIfLive(ctx: PlanEventContext, plan: PaymentPlanRow): Promise<void> {
  if (!plan.providerAccountId || !plan.providerSubscriptionId) return;
  await planBilling(ctx.env).cancelIfLive(plan.providerAccountId, plan.providerSubscriptionId, `plan_${plan.id}_cancel`);
}
