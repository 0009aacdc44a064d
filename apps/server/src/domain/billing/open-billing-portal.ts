import { AppError, BILLING_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { subscriptions } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { stripeBilling } from '#src/providers/billing/stripe-billing.ts';
import { BILLING_PAGE_PATH } from './start-plan-checkout.ts';

/** Stripe's customer portal (card changes, cancellation), or the test provider's own portal page. */
export async function openBillingPortal(db: Database, env: Env, userId: string): Promise<{ url: string }> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!row || !row.providerCustomerId) throw new AppError('failed-precondition', BILLING_MESSAGES.noSubscription);
  if (row.provider === 'test') return { url: `${env.publicUrl}/api/billing/test-portal` };
  if (!env.payments.stripe) throw new AppError('unavailable', BILLING_MESSAGES.portalUnavailable);
  try {
    const url = await stripeBilling(env.payments.stripe).portalUrl(row.providerCustomerId, `${env.publicUrl}${BILLING_PAGE_PATH}`);
    return { url };
  } catch {
    throw new AppError('unavailable', BILLING_MESSAGES.portalUnavailable);
  }
}
