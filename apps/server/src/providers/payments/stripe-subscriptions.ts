import type Stripe from 'stripe';
import type { StripeConfig } from '#src/env/payments-env.ts';
import { stripeClient } from './stripe-client.ts';

export interface MembershipSessionRequest {
  accountId: string;
  /** Our membership checkout: the session's reference and its idempotency key. */
  membershipCheckoutId: string;
  priceId: string;
  currency: string;
  /** Charged once, as a one-time line on the first invoice. */
  setupFee: { cents: number; title: string } | null;
  trialDays: number;
  /** The platform's share of every invoice (the owner's plan), as one-off sales take it. */
  applicationFeePercent: number;
  buyerEmail: string;
  /** Copied to the session and to the subscription it makes: how its events find the store and tier. */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}

/**
 * Stripe Billing on a store's connected account (every call carries `stripeAccount`): the
 * memberships' Prices, subscription-mode Checkout Sessions, subscription updates and the customer
 * portal (decision 041). Each create takes an idempotency key, so a retried call makes one object.
 */
export function stripeMembershipBilling(config: StripeConfig, client: Stripe = stripeClient(config)) {
  return {
    async createPrice(accountId: string, input: { amountCents: number; currency: string; interval: 'month' | 'year'; productName: string; metadata: Record<string, string>; idempotencyKey: string }) {
      const price = await client.prices.create(
        {
          currency: input.currency.toLowerCase(),
          unit_amount: input.amountCents,
          recurring: { interval: input.interval },
          product_data: { name: input.productName },
          metadata: input.metadata,
        },
        { stripeAccount: accountId, idempotencyKey: input.idempotencyKey },
      );
      return { priceId: price.id, productId: typeof price.product === 'string' ? price.product : price.product.id };
    },

    async createSubscriptionSession(request: MembershipSessionRequest) {
      const session = await client.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [
            { price: request.priceId, quantity: 1 },
            ...(request.setupFee
              ? [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.setupFee.cents, product_data: { name: request.setupFee.title } } }]
              : []),
          ],
          customer_email: request.buyerEmail,
          client_reference_id: request.membershipCheckoutId,
          metadata: request.metadata,
          subscription_data: {
            metadata: request.metadata,
            ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
            ...(request.applicationFeePercent > 0 ? { application_fee_percent: request.applicationFeePercent } : {}),
          },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { stripeAccount: request.accountId, idempotencyKey: `mck_session_${request.membershipCheckoutId}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { url: session.url, sessionId: session.id };
    },

    async updateSubscription(accountId: string, subscriptionId: string, params: Stripe.SubscriptionUpdateParams, idempotencyKey: string) {
      await client.subscriptions.update(subscriptionId, params, { stripeAccount: accountId, idempotencyKey });
    },

    /** Cancels the subscription now (Stripe then sends `customer.subscription.deleted`). */
    async cancelSubscription(accountId: string, subscriptionId: string, idempotencyKey: string) {
      await client.subscriptions.cancel(subscriptionId, {}, { stripeAccount: accountId, idempotencyKey });
    },

    /**
     * Refunds an invoice's payment in full: its paid payment's PaymentIntent (invoices carry their
     * payments since API 2025-03-31), with `metadata` on the refund for its webhook to find. Null
     * when the invoice has no paid payment.
     */
    async refundInvoice(accountId: string, invoiceId: string, metadata: Record<string, string>, idempotencyKey: string) {
      const payments = await client.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 }, { stripeAccount: accountId });
      const intent = payments.data[0]?.payment.payment_intent;
      const paymentIntent = typeof intent === 'string' ? intent : (intent?.id ?? null);
      if (!paymentIntent) return null;
      const refund = await client.refunds.create({ payment_intent: paymentIntent, metadata }, { stripeAccount: accountId, idempotencyKey });
      return { refundId: refund.id };
    },

    async createPortalSession(accountId: string, customerId: string, returnUrl: string) {
      const session = await client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }, { stripeAccount: accountId });
      return { url: session.url };
    },
  };
}

export type StripeMembershipBilling = ReturnType<typeof stripeMembershipBilling>;
