import Stripe from 'stripe';
import type { StripeConfig } from '#src/env/payments-env.ts';
import { stripeClient } from './stripe-client.ts';

/** The payment method a paid Checkout Session saved (setup_future_usage), and its customer. */
export interface SavedPaymentMethod {
  paymentMethod: string | null;
  customer: string | null;
}

/** Reads the session's PaymentIntent on the connected account: its payment method and customer. */
export async function savedPaymentMethod(config: StripeConfig, options: { accountId: string; paymentIntentId: string }): Promise<SavedPaymentMethod> {
  const intent = await stripeClient(config).paymentIntents.retrieve(options.paymentIntentId, {}, { stripeAccount: options.accountId });
  const id = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
  return { paymentMethod: id(intent.payment_method), customer: id(intent.customer) };
}

export type OffSessionCharge = { kind: 'paid'; paymentIntentId: string } | { kind: 'declined'; code: string };

/**
 * Charges a saved payment method without the buyer (decision 045): a PaymentIntent with
 * `off_session` and `confirm` on the connected account, the platform fee as its application fee.
 * The idempotency key makes a retried or doubled call one charge. A card error (a decline, or the
 * bank asking for authentication) answers `declined`; anything else throws.
 */
export async function chargeOffSession(
  config: StripeConfig,
  request: { accountId: string; customer: string | null; paymentMethod: string; amountCents: number; currency: string; platformFeeCents: number; checkoutId: string; idempotencyKey: string },
): Promise<OffSessionCharge> {
  try {
    const intent = await stripeClient(config).paymentIntents.create(
      {
        amount: request.amountCents,
        currency: request.currency.toLowerCase(),
        payment_method: request.paymentMethod,
        ...(request.customer ? { customer: request.customer } : {}),
        off_session: true,
        confirm: true,
        metadata: { checkoutId: request.checkoutId },
        ...(request.platformFeeCents > 0 ? { application_fee_amount: request.platformFeeCents } : {}),
      },
      { stripeAccount: request.accountId, idempotencyKey: request.idempotencyKey },
    );
    if (intent.status !== 'succeeded') return { kind: 'declined', code: intent.status };
    return { kind: 'paid', paymentIntentId: intent.id };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) return { kind: 'declined', code: error.code ?? 'card_declined' };
    throw error;
  }
}
