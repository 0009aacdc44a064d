import { AppError, MESSAGES } from '@shopfront/core';
import type { Env } from '#src/env.ts';

/**
 * Who bills creators: Stripe Billing on the platform account when STRIPE_* is set, else the
 * built-in test provider (when test payments are allowed on this server).
 */
export function billingProvider(env: Pick<Env, 'payments'>): 'stripe' | 'test' {
  const provider = availableBillingProvider(env);
  if (!provider) throw new AppError('failed-precondition', MESSAGES.generic.unavailable);
  return provider;
}

/** The same, or null when neither is available (the billing page then only shows the plans). */
export function availableBillingProvider(env: Pick<Env, 'payments'>): 'stripe' | 'test' | null {
  if (env.payments.stripe) return 'stripe';
  return env.payments.testProviderEnabled ? 'test' : null;
}
