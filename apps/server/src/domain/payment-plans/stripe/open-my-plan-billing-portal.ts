import { AppError, membersUrl, PAYMENT_PLAN_MESSAGES as M } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { paymentPlans, stores } from '#src/db/schema/index.ts';
import { membershipBilling } from '#src/domain/memberships/stripe/stripe-membership-checkout.ts';
import type { Env } from '#src/env.ts';
import { planBilling } from './stripe-plan-checkout.ts';

/**
 * "Manage billing" for the buyer's own plan billed by Stripe (another customer's or store's answers
 * like a missing one): a customer portal session on the connected account for the subscription's
 * customer, back to the members area afterwards. The card change is Stripe's: its next retry or
 * instalment uses it, and the invoice webhooks bring the plan along. A test plan changes its card
 * with replaceMyPlanCard; a plan no longer being paid has nothing to manage.
 */
export async function openMyPlanBillingPortal(deps: { db: Database; env: Env }, input: { storeId: string; customerId: string; planId: string }): Promise<{ url: string }> {
  const [found] = await deps.db
    .select({ plan: paymentPlans, store: stores })
    .from(paymentPlans)
    .innerJoin(stores, eq(stores.id, paymentPlans.storeId))
    .where(and(eq(paymentPlans.id, input.planId), eq(paymentPlans.storeId, input.storeId), eq(paymentPlans.customerId, input.customerId)));
  if (!found) throw new AppError('not-found', M.planNotFound);
  const { plan, store } = found;
  if (plan.provider !== 'stripe' || !plan.providerAccountId || !plan.providerSubscriptionId) throw new AppError('failed-precondition', M.notStripe);
  if (plan.status !== 'active' && plan.status !== 'past_due') throw new AppError('failed-precondition', M.planEnded);
  const customer = await planBilling(deps.env).customerOf(plan.providerAccountId, plan.providerSubscriptionId);
  return membershipBilling(deps.env).createPortalSession(plan.providerAccountId, customer, membersUrl(store, { origin: deps.env.publicUrl }));
}
