// Exports membershipPaymentRoute and membershipCheckoutUrl: the one place that picks how a membership is paid.
import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { storePaymentRoute } from '#src/domain/checkout/store-payment-route.ts';
import type { Env } from '#src/env.ts';

export const JOIN_MESSAGES = Object.freeze({
  stripeNotYet: 'Memberships cannot be paid through Stripe yet. Please try again later.',
});

/**
 * How a store's members pay, chosen like one-off sales (storePaymentRoute). Only the built-in test
 * provider takes memberships today; Stripe Connect subscription checkout (decision 041) slots in
 * here: a `stripe` route will answer a Checkout Session in subscription mode on the connected
 * account instead of refusing.
 */
export async function membershipPaymentRoute(db: Executor, env: Pick<Env, 'payments'>, storeId: string): Promise<{ provider: 'test' }> {
  const route = await storePaymentRoute(db, env, storeId);
  if (route.provider === 'free') throw new AppError('failed-precondition', COMMERCE_MESSAGES.paymentsNotConnected);
  if (route.provider === 'stripe') throw new AppError('failed-precondition', JOIN_MESSAGES.stripeNotYet);
  return { provider: 'test' };
}

/** The built-in test provider's pay page for one membership checkout (http/routes/membership-checkout/ serves it). */
export function membershipCheckoutUrl(env: Pick<Env, 'publicUrl'>, checkoutId: string): string {
  return `${env.publicUrl}/api/memberships/test-checkout/${encodeURIComponent(checkoutId)}`;
}
