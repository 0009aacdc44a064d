/**
 * The one internal event that fulfils a checkout: fulfilment happens only from the payment event.
 * The Stripe webhook (after `constructEvent`), the test provider's pay form and
 * the free-product path each produce it; `eventId` makes processing happen once.
 */
export interface PaymentSucceeded {
  /** Stripe `evt_…`; `test_<checkoutId>` for the test provider; `free_<checkoutId>` for free products. */
  eventId: string;
  provider: 'test' | 'stripe' | 'free';
  checkoutId: string;
  providerPaymentId: string | null;
  /** A plan paid on Stripe: the subscription that charges its later instalments (decision 047). */
  providerSubscriptionId?: string | null;
  amountCents: number;
  currency: string;
  /** Optional raw provider payload, kept with the processed event for support. */
  payload?: Record<string, unknown>;
}
