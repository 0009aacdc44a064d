import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { fulfilPayment } from './fulfil-payment.ts';
import { isPayable, type CheckoutWithContext } from './load-checkout.ts';
import { classifyTestCard } from './classify-test-card.ts';

export type TestPayment = { kind: 'paid'; orderId: string } | { kind: 'refused'; message: string };

/**
 * The test provider's "charge": 4242… succeeds and emits the same PaymentSucceeded a Stripe
 * webhook would (event `test_<checkoutId>`, so paying twice makes one order); 4000…0002 is
 * declined; anything else is not a card. A refusal writes nothing.
 */
export async function payTestCheckout(
  deps: { db: Database; env: Env; now: Date; log?: FastifyBaseLogger },
  context: CheckoutWithContext,
  cardNumber: string,
): Promise<TestPayment> {
  const { checkout } = context;
  if (checkout.provider !== 'test' || (checkout.status !== 'completed' && !isPayable(checkout, deps.now))) {
    throw new AppError('not-found', COMMERCE_MESSAGES.checkoutNotFound);
  }
  const card = classifyTestCard(cardNumber);
  if (card === 'declined') return { kind: 'refused', message: COMMERCE_MESSAGES.cardDeclined };
  if (card === 'invalid') return { kind: 'refused', message: COMMERCE_MESSAGES.cardInvalid };
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
  return { kind: 'paid', orderId };
}
