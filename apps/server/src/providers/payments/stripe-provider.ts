import type Stripe from 'stripe';
import type { CheckoutSessionRequest, PaymentProvider } from './payment-provider.ts';
import type { StripeConfig } from '#src/env/payments-env.ts';
import { stripeClient } from './stripe-client.ts';
import { stripePlanBilling } from './stripe-plans.ts';

/**
 * Stripe Connect (Standard): the Checkout Session and the refund run on the store's connected
 * account (`Stripe-Account`), the platform fee is the session's application fee, and the
 * idempotency key makes a retried create answer the same session.
 */
export function createStripeProvider(config: StripeConfig, client: Stripe = stripeClient(config)): PaymentProvider {
  return {
    id: 'stripe',
    async createCheckoutSession(request) {
      if (!request.accountId) throw new Error('A Stripe checkout needs the connected account');
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: request.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: line.amountCents,
              product_data: { name: line.title },
            },
          })),
          customer_email: request.buyerEmail,
          client_reference_id: request.checkoutId,
          metadata: { checkoutId: request.checkoutId, storeId: request.storeId },
          ...paymentIntentData(request),
          // An off-session charge needs a customer to hold the saved payment method.
          ...(request.saveForUpsell ? { customer_creation: 'always' as const } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          ...(request.expiresAt ? { expires_at: Math.floor(request.expiresAt.getTime() / 1000) } : {}),
        },
        { stripeAccount: request.accountId, idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { url: session.url, providerSessionId: session.id };
    },
    async refund(request) {
      if (!request.accountId || !request.providerPaymentId) throw new Error('A Stripe refund needs the account and the payment');
      const refund = await client.refunds.create(
        { payment_intent: request.providerPaymentId, amount: request.amountCents },
        { stripeAccount: request.accountId, idempotencyKey: `refund_${request.refundId}` },
      );
      return { refundId: refund.id };
    },
    async cancelSubscription(request) {
      if (!request.accountId) throw new Error('A Stripe subscription lives on a connected account');
      await stripePlanBilling(config, client).cancelIfLive(request.accountId, request.subscriptionId, request.idempotencyKey);
    },
  };
}

/** The platform fee, and `setup_future_usage` when the thank-you page may charge the method again. */
function paymentIntentData(request: CheckoutSessionRequest): { payment_intent_data?: Stripe.Checkout.SessionCreateParams.PaymentIntentData } {
  const data: Stripe.Checkout.SessionCreateParams.PaymentIntentData = {
    ...(request.platformFeeCents > 0 ? { application_fee_amount: request.platformFeeCents } : {}),
    ...(request.saveForUpsell ? { setup_future_usage: 'off_session' as const } : {}),
  };
  return Object.keys(data).length > 0 ? { payment_intent_data: data } : {};
}

/** The platform's share of a sale, in minor units (rounded down, so the fee never exceeds the percent). */
export function platformFeeCents(percent: number, amountCents: number): number {
  if (percent <= 0) return 0;
  return Math.floor((amountCents * percent) / 100);
}
