/**
 * Payment providers (ARCHITECTURE "Payments"): Stripe Connect, and the built-in test
 * provider used when Stripe is not configured. Both end in the same internal `PaymentSucceeded`
 * event (domain/checkout/payment-succeeded.ts), so fulfilment is one code path.
 */
export type PaymentProviderId = 'test' | 'stripe';

export interface CheckoutSessionRequest {
  checkoutId: string;
  storeId: string;
  /** The connected account (Stripe); null for the test provider. */
  accountId: string | null;
  productTitle: string;
  /** The total: the sum of `lines`. */
  amountCents: number;
  /** One per order line (the product, and the order bump when ticked), in minor units. */
  lines: readonly { title: string; amountCents: number }[];
  currency: string;
  buyerEmail: string;
  platformFeeCents: number;
  /** Absolute URLs the provider sends the buyer back to. */
  successUrl: string;
  cancelUrl: string;
  /**
   * When the session must stop taking payment, if earlier than the provider's default (24 h):
   * a checkout that holds a discount use. At least 30 minutes ahead (Stripe's shortest session).
   */
  expiresAt?: Date;
  /** Passed to the provider so a retried create makes no second session. */
  idempotencyKey: string;
  /** The product offers a one-click upsell: save the payment method for off-session use (decision 045). */
  saveForUpsell?: boolean;
}

export interface CheckoutSession {
  /** Where the buyer goes to pay. */
  url: string;
  /** The provider's session id (Stripe `cs_…`); null for the test provider. */
  providerSessionId: string | null;
}

export interface RefundRequest {
  orderId: string;
  /** Our refund's id: the provider's idempotency key, so a retried request refunds once. */
  refundId: string;
  accountId: string | null;
  providerPaymentId: string | null;
  /** Minor units; part of the order's amount for a partial refund. */
  amountCents: number;
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** Throws on failure; the order stays paid. */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /** Stripe: ends a payment plan's subscription now, unless it has ended already (a refunded plan charges nothing more). */
  cancelSubscription?(request: { accountId: string | null; subscriptionId: string; idempotencyKey: string }): Promise<void>;
}
