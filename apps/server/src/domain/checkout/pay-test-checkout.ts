import { AppError, checkCardForm, COMMERCE_MESSAGES, testCardOutcome, type CardField, type CardFieldErrors, type CardFormInput } from '@shopfront/core';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { fulfilPayment } from './fulfil-payment.ts';
import { recordUpsellOffer } from './upsell/record-upsell-offer.ts';
import { isPayable, type CheckoutWithContext } from './load-checkout.ts';
import { classifyTestCard, type TestAuthentication } from './classify-test-card.ts';

export type TestPayment =
  | { kind: 'paid'; orderId: string }
  | { kind: 'invalid'; errors: CardFieldErrors }
  | { kind: 'refused'; message: string; field?: CardField }
  | { kind: 'authenticate' };

/**
 * The test provider's "charge" (docs/selling.md "test cards"): a valid card form with a paying
 * test card (4242…, or the authentication card once authentication is completed) emits the same
 * PaymentSucceeded a Stripe webhook would (event `test_<checkoutId>`, so paying twice makes one
 * order). An invalid form, a declining test card, any other number or a failed authentication
 * writes nothing.
 */
export async function payTestCheckout(
  deps: { db: Database; env: Env; now: Date; log?: FastifyBaseLogger },
  context: CheckoutWithContext,
  card: CardFormInput,
  authentication?: TestAuthentication,
): Promise<TestPayment> {
  const { checkout } = context;
  if (checkout.provider !== 'test' || (checkout.status !== 'completed' && !isPayable(checkout, deps.now))) {
    throw new AppError('not-found', COMMERCE_MESSAGES.checkoutNotFound);
  }
  const decision = classifyTestCard(card, deps.now, authentication);
  if (decision.kind === 'invalid') return { kind: 'invalid', errors: decision.errors };
  if (decision.kind === 'authenticate') return { kind: 'authenticate' };
  if (decision.kind === 'declined') {
    return decision.field ? { kind: 'refused', message: decision.message, field: decision.field } : { kind: 'refused', message: decision.message };
  }
  const { orderId } = await fulfilPayment(
    deps.db,
    deps.env,
    {
      eventId: `test_${checkout.id}`,
      provider: 'test',
      checkoutId: checkout.id,
      providerPaymentId: `testpay_${randomBytes(12).toString('hex')}`,
      amountCents: checkout.amountCents,
      currency: checkout.currency,
    },
    deps.now,
    deps.log,
  );
  // The test card is saved for a one-click upsell as Stripe saves a card (decision 045).
  const form = checkCardForm(card, deps.now);
  if (form.ok) await recordUpsellOffer(deps.db, { checkoutId: checkout.id, paymentMethod: `testpm_${testCardOutcome(form.digits)}`, paidAt: deps.now });
  return { kind: 'paid', orderId };
}
