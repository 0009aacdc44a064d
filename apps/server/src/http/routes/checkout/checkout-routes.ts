import { AppError, COMMERCE_MESSAGES, formatMoney, MESSAGES, productUrl, thankYouUrl, type CardFormInput } from '@shopfront/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '#src/db/client.ts';
import { loadCheckout, isPayable, type CheckoutWithContext } from '#src/domain/checkout/load-checkout.ts';
import { payTestCheckout, type TestPayment } from '#src/domain/checkout/pay-test-checkout.ts';
import { handleStripeEvent } from '#src/domain/checkout/handle-stripe-event.ts';
import { handleBillingEvent, isBillingEvent } from '#src/domain/billing/handle-billing-event.ts';
import { handleMembershipStripeEvent, isMembershipStripeEvent } from '#src/domain/memberships/stripe/handle-membership-stripe-event.ts';
import { handlePlanStripeEvent, isPlanStripeEvent } from '#src/domain/payment-plans/stripe/handle-plan-stripe-event.ts';
import type { Env } from '#src/env.ts';
import { stripeClient } from '#src/providers/payments/stripe-client.ts';
import { isTrustedOrigin } from '#src/identity/trusted-origin.ts';
import { acceptCardForm, readCardForm, sendCardPage } from './test-card-form.ts';
import { renderTestAuthenticationPage, renderTestCheckoutMessage, renderTestCheckoutPage } from './test-checkout-page.ts';

export interface CheckoutRoutesOptions {
  env: Env;
  db: Database;
  now: () => Date;
}

/** Stripe's default tolerance for a signed webhook's timestamp, in seconds. */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

/**
 * Payment routes (docs/selling.md "HTTP routes"):
 *   GET/POST /api/checkout/test/:checkoutId — the built-in test provider's card page;
 *   POST /api/webhooks/stripe — Stripe events, verified over the raw body.
 */
export async function checkoutRoutes(app: FastifyInstance, options: CheckoutRoutesOptions): Promise<void> {
  await app.register(testCheckoutRoutes, options);
  await app.register(stripeWebhookRoutes, options);
}

type CheckoutRequest = { Params: { checkoutId: string }; Body: Record<string, string> | undefined };

async function testCheckoutRoutes(app: FastifyInstance, options: CheckoutRoutesOptions): Promise<void> {
  const { env, db, now } = options;
  acceptCardForm(app);
  const notFound = (reply: FastifyReply) =>
    sendCardPage(reply, 404, renderTestCheckoutMessage('Checkout not found', COMMERCE_MESSAGES.checkoutNotFound));

  /** The checkout, when this page may show it: test provider on, a test checkout, not expired. */
  async function findCheckout(checkoutId: string) {
    if (!env.payments.testProviderEnabled || !/^chk_[a-z0-9]{20}$/.test(checkoutId)) return null;
    const context = await loadCheckout(db, checkoutId);
    if (!context || context.checkout.provider !== 'test') return null;
    if (context.checkout.status !== 'completed' && !isPayable(context.checkout, now())) return null;
    return context;
  }

  const toThankYou = (reply: FastifyReply, { checkout, store }: CheckoutWithContext) =>
    reply.header('cache-control', 'no-store').redirect(thankYouUrl(store, checkout.id, { origin: env.publicUrl }), 303);

  const money = (cents: number, currency: string) => formatMoney(cents, currency, { locale: 'en' });
  const summaryOf = ({ checkout, product, store, bumpTitle }: CheckoutWithContext) => ({
    store,
    productTitle: product.title,
    amountText: money(checkout.amountCents, checkout.currency),
    lines: bumpTitle
      ? [
          { title: product.title, amountText: money(checkout.amountCents - checkout.bumpAmountCents, checkout.currency) },
          { title: bumpTitle, amountText: money(checkout.bumpAmountCents, checkout.currency) },
        ]
      : [],
    action: `/api/checkout/test/${checkout.id}`,
  });

  /** The pay page; after a refused attempt it carries the errors and keeps what was typed (not the CVC). */
  const payPage = (context: CheckoutWithContext, attempt?: { card: CardFormInput; result: Exclude<TestPayment, { kind: 'paid' | 'authenticate' }> }) =>
    renderTestCheckoutPage({
      ...summaryOf(context),
      cancelUrl: productUrl(context.store, context.product.slug, { origin: env.publicUrl }),
      ...(attempt && {
        values: { cardNumber: attempt.card.cardNumber, expiry: attempt.card.expiry, cardName: attempt.card.cardName },
        ...(attempt.result.kind === 'invalid' && { fieldErrors: attempt.result.errors }),
        ...(attempt.result.kind === 'refused' &&
          (attempt.result.field ? { fieldErrors: { [attempt.result.field]: attempt.result.message } } : { formError: attempt.result.message })),
      }),
    });

  app.get<CheckoutRequest>('/api/checkout/test/:checkoutId', async (request, reply) => {
    const context = await findCheckout(request.params.checkoutId);
    if (!context) return notFound(reply);
    if (context.checkout.status === 'completed') return toThankYou(reply, context);
    return sendCardPage(reply, 200, payPage(context));
  });

  app.post<CheckoutRequest>('/api/checkout/test/:checkoutId', async (request, reply) => {
    // A form post from our own page only (browsers always send Origin on a POST).
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !isTrustedOrigin(origin, env)) {
      return sendCardPage(reply, 403, renderTestCheckoutMessage('Payment refused', MESSAGES.generic.permissionDenied));
    }
    const context = await findCheckout(request.params.checkoutId);
    if (!context) return notFound(reply);
    if (context.checkout.status === 'completed') return toThankYou(reply, context);
    const { card, authentication } = readCardForm(request.body);
    const result = await payTestCheckout({ db, env, now: now(), log: request.log }, context, card, authentication);
    switch (result.kind) {
      case 'paid':
        return toThankYou(reply, context);
      case 'authenticate':
        return sendCardPage(reply, 200, renderTestAuthenticationPage({ ...summaryOf(context), card }));
      case 'invalid':
        return sendCardPage(reply, 422, payPage(context, { card, result }));
      case 'refused':
        return sendCardPage(reply, 402, payPage(context, { card, result }));
    }
  });
}

async function stripeWebhookRoutes(app: FastifyInstance, options: CheckoutRoutesOptions): Promise<void> {
  const { env, db, now } = options;
  // constructEvent verifies the exact bytes Stripe signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/webhooks/stripe', async (request, reply) => {
    const config = env.payments.stripe;
    if (!config) throw new AppError('not-found');
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string') throw new Error('no Stripe-Signature header');
      event = stripeClient(config).webhooks.constructEvent(raw, signature, config.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_S);
    } catch (error) {
      request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'Stripe webhook signature refused');
      return reply.code(400).send({ error: 'invalid signature' });
    }
    try {
      // Platform subscription events (Stripe Billing) change plans; members' subscriptions on a
      // connected account change memberships, and a payment plan's subscription its plan; the
      // rest are store sales (Connect).
      const outcome = isBillingEvent(event)
        ? await handleBillingEvent(db, event, now())
        : isPlanStripeEvent(event)
          ? await handlePlanStripeEvent({ db, env, now: now(), log: request.log }, event)
          : isMembershipStripeEvent(event)
          ? await handleMembershipStripeEvent({ db, env, now: now(), log: request.log }, event)
          : await handleStripeEvent({ db, env, now: now(), log: request.log }, event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event');
      return reply.code(200).send({ received: true, outcome });
    } catch (error) {
      // A permanent refusal (e.g. an amount that does not match) is logged, not retried forever.
      if (error instanceof AppError && error.code !== 'unavailable') {
        request.log.error({ eventId: event.id, type: event.type, err: error.message }, 'Stripe event refused');
        return reply.code(200).send({ received: true, outcome: 'refused' });
      }
      throw error;
    }
  });
}
