import { AppError, COMMERCE_MESSAGES, MESSAGES, UPSELL_MESSAGES } from '@shopfront/core';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '#src/db/executor.ts';
import type { CheckoutRow, CheckoutUpsellRow } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { platformFeePercent } from '#src/domain/billing/platform-fee-percent.ts';
import { chargeOffSession, platformFeeCents } from '#src/providers/payments/index.ts';

export type UpsellCharge = { kind: 'paid'; providerPaymentId: string } | { kind: 'declined'; message: string };

/**
 * Charges the saved payment method for the upsell's (or the downsell's) own checkout, without the
 * buyer (decision 045).
 * The test provider decides from the saved test card's class, as Stripe would off session: a card
 * that pays, or that was authenticated and set up for later, pays; a card whose bank asks every
 * time is declined. Stripe: an off-session PaymentIntent on the connected account.
 */
export async function chargeUpsell(
  deps: { db: Executor; env: Env; log?: FastifyBaseLogger },
  options: { offer: CheckoutUpsellRow; checkout: CheckoutRow },
): Promise<UpsellCharge> {
  const { offer, checkout } = options;
  const method = offer.paymentMethod ?? '';
  if (checkout.provider === 'test') {
    if (method === 'testpm_success' || method === 'testpm_authentication-required') return { kind: 'paid', providerPaymentId: `testpay_${randomBytes(12).toString('hex')}` };
    if (method === 'testpm_authentication-always') return { kind: 'declined', message: UPSELL_MESSAGES.authenticationRequired };
    return { kind: 'declined', message: UPSELL_MESSAGES.cardDeclined };
  }
  const stripe = deps.env.payments.stripe;
  if (checkout.provider !== 'stripe' || !stripe) throw new AppError('failed-precondition', COMMERCE_MESSAGES.stripeNotConfigured);
  if (!checkout.providerAccountId || !method) throw new AppError('failed-precondition', UPSELL_MESSAGES.offerNotFound);
  try {
    const charge = await chargeOffSession(stripe, {
      accountId: checkout.providerAccountId,
      customer: offer.providerCustomer,
      paymentMethod: method,
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      platformFeeCents: platformFeeCents(await platformFeePercent(deps.db, deps.env, checkout.storeId), checkout.amountCents),
      checkoutId: checkout.id,
      // upsell_<first checkout> or downsell_<first checkout>: one charge per offer, whatever the retries.
      idempotencyKey: checkout.idempotencyKey,
    });
    if (charge.kind === 'paid') return { kind: 'paid', providerPaymentId: charge.paymentIntentId };
    return { kind: 'declined', message: charge.code === 'authentication_required' ? UPSELL_MESSAGES.authenticationRequired : UPSELL_MESSAGES.cardDeclined };
  } catch (error) {
    deps.log?.error({ err: error, checkoutId: checkout.id }, 'Stripe refused the upsell charge');
    throw new AppError('unavailable', MESSAGES.generic.unavailable);
  }
}
