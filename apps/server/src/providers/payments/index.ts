import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import type { Env } from '#src/env.ts';
import type { PaymentProvider, PaymentProviderId } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';

export type { CheckoutSession, CheckoutSessionRequest, PaymentProvider, PaymentProviderId, RefundRequest } from './payment-provider.ts';
export { platformFeeCents } from './stripe-provider.ts';
export { stripeClient } from './stripe-client.ts';
export { stripeMembershipBilling, type MembershipSessionRequest, type StripeMembershipBilling } from './stripe-subscriptions.ts';
export { testCheckoutUrl } from './test-provider.ts';
export { chargeOffSession, savedPaymentMethod, type OffSessionCharge, type SavedPaymentMethod } from './stripe-off-session.ts';

/**
 * The provider that took (or will take) a payment. `free` orders moved no money, so they refund
 * like test ones. Stripe throws failed-precondition when STRIPE_* is not set on this server.
 */
export function getPaymentProvider(env: Pick<Env, 'publicUrl' | 'payments'>, id: PaymentProviderId | 'free'): PaymentProvider {
  if (id === 'stripe') {
    if (!env.payments.stripe) throw new AppError('failed-precondition', COMMERCE_MESSAGES.stripeNotConfigured);
    return createStripeProvider(env.payments.stripe);
  }
  return createTestProvider(env);
}
