import { AppError, BILLING_MESSAGES, PLANS, type BillingInterval, type PaidPlanId } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { subscriptions, testBillingSessions, users } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { stripeBilling } from '#src/providers/billing/stripe-billing.ts';
import { billingProvider } from './billing-provider.ts';
import { findPlanPrices } from './find-plan-prices.ts';

export const BILLING_PAGE_PATH = '/dashboard/settings/billing';
const TEST_SESSION_TTL_MS = 60 * 60 * 1000;

/**
 * Starts a subscription: Stripe Checkout in subscription mode on the platform account, or the
 * test provider's own card page. Answers where to send the creator. Nothing changes here: the
 * plan follows the provider's subscription event, never the redirect back.
 */
export async function startPlanCheckout(
  deps: { db: Database; env: Env; now: Date },
  options: { userId: string; planId: PaidPlanId; interval: BillingInterval },
): Promise<{ url: string }> {
  const { db, env, now } = deps;
  const provider = billingProvider(env);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, options.userId));
  if (!user) throw new AppError('unauthenticated');
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, options.userId));
  if (row && (row.status === 'active' || row.status === 'past_due')) {
    throw new AppError('failed-precondition', BILLING_MESSAGES.alreadySubscribed);
  }
  const prices = (await findPlanPrices(db))[options.planId];
  const priceCents = options.interval === 'year' ? prices.yearlyCents : prices.monthlyCents;

  if (provider === 'test') {
    const id = newId('tbs');
    await db.insert(testBillingSessions).values({
      id,
      userId: options.userId,
      planId: options.planId,
      interval: options.interval,
      priceCents,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TEST_SESSION_TTL_MS),
    });
    return { url: `${env.publicUrl}/api/billing/test/${id}` };
  }

  const billing = stripeBilling(env.payments.stripe!);
  try {
    return await billing.createCheckout({
      price: { userId: options.userId, planId: options.planId, planName: PLANS[options.planId].name, interval: options.interval, priceCents },
      customerId: row?.providerCustomerId ?? null,
      email: user.email,
      successUrl: `${env.publicUrl}${BILLING_PAGE_PATH}?checkout=done`,
      cancelUrl: `${env.publicUrl}${BILLING_PAGE_PATH}`,
      // A double click within the same minute answers the same session.
      idempotencyKey: `plan_${options.userId}_${options.planId}_${options.interval}_${priceCents}_${Math.floor(now.getTime() / 60_000)}`,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('unavailable', BILLING_MESSAGES.portalUnavailable);
  }
}
