// Exports membershipPaymentRoute and membershipCheckoutUrl: the one place that picks how a membership is paid.
import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { storePaymentRoute } from '#src/domain/checkout/store-payment-route.ts';
import type { Env } from '#src/env.ts';

/**
 * How a store's members pay, chosen like one-off sales (storePaymentRoute): a store with Stripe
 * connected takes them in a Checkout Session in subscription mode on its connected account
 * (domain/memberships/stripe/, decision 041), else the built-in test provider's page.
 */
export async function membershipPaymentRoute(
  db: Executor,
  env: Pick<Env, 'payments'>,
  storeId: string,
): Promise<{ provider: 'test'; accountId: null } | { provider: 'stripe'; accountId: string }> {
  const route = await storePaymentRoute(db, env, storeId);
  if (route.provider === 'free') throw new AppError('failed-precondition', COMMERCE_MESSAGES.paymentsNotConnected);
  return route;
}

/** The built-in test provider's pay page for one membership checkout (http/routes/membership-checkout/ serves it). */
export function membershipCheckoutUrl(env: Pick<Env, 'publicUrl'>, checkoutId: string): string {
  return `${env.publicUrl}/api/memberships/test-checkout/${encodeURIComponent(checkoutId)}`;
}
