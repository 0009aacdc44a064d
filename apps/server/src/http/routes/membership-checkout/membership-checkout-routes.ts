import { AppError, COMMERCE_MESSAGES, formatMoney, membersUrl, MESSAGES, productUrl, type CardFormInput } from '@shopfront/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { isShowable, loadMembershipCheckout, type MembershipCheckoutWithContext } from '#src/domain/memberships/join/load-membership-checkout.ts';
import { payMembershipCheckout, type MembershipPayment } from '#src/domain/memberships/join/pay-membership-checkout.ts';
import { tierPrice } from '#src/domain/memberships/membership-rules.ts';
import type { Env } from '#src/env.ts';
import { isTrustedOrigin } from '#src/identity/trusted-origin.ts';
import { acceptCardForm, readCardForm, sendCardPage } from '../checkout/test-card-form.ts';
import { renderTestAuthenticationPage, renderTestCheckoutMessage, renderTestCheckoutPage } from '../checkout/test-checkout-page.ts';

export interface MembershipCheckoutRoutesOptions {
  env: Env;
  db: Database;
  now: () => Date;
}

type PageRequest = { Params: { checkoutId: string }; Body: Record<string, string> | undefined };
type Refusal = Exclude<MembershipPayment, { kind: 'joined' | 'authenticate' }>;

/**
 * GET/POST /api/memberships/test-checkout/:checkoutId — the built-in test provider's card page for
 * joining a tier (docs/memberships.md "Joining and self-service"), the same page and test cards
 * as one-off checkout. Paying sends the new member to the members area to create their account.
 */
export async function membershipCheckoutRoutes(app: FastifyInstance, options: MembershipCheckoutRoutesOptions): Promise<void> {
  const { env, db, now } = options;
  acceptCardForm(app);
  const notFound = (reply: FastifyReply) => sendCardPage(reply, 404, renderTestCheckoutMessage('Checkout not found', COMMERCE_MESSAGES.checkoutNotFound));

  async function findCheckout(checkoutId: string) {
    if (!env.payments.testProviderEnabled || !/^mck_[a-z0-9]{20}$/.test(checkoutId)) return null;
    const context = await loadMembershipCheckout(db, checkoutId);
    if (!context || context.checkout.provider !== 'test' || !isShowable(context.checkout, now())) return null;
    return context;
  }

  const toMembersArea = (reply: FastifyReply, { store }: MembershipCheckoutWithContext) =>
    reply.header('cache-control', 'no-store').redirect(membersUrl(store, { origin: env.publicUrl, page: 'signup' }), 303);

  const money = (cents: number, currency: string) => formatMoney(cents, currency, { locale: 'en' });
  const summaryOf = ({ checkout, tier, product, store }: MembershipCheckoutWithContext) => {
    const price = tierPrice(tier, checkout.interval) ?? 0;
    const per = checkout.interval === 'year' ? 'year' : 'month';
    const today = tier.trialDays > 0 ? 0 : price + tier.setupFeeCents;
    return {
      store,
      productTitle: `${product.title} — ${tier.name}`,
      amountText: `${money(today, tier.currency)} today`,
      lines: [
        { title: `${tier.name}, every ${per}`, amountText: `${money(price, tier.currency)} / ${per}` },
        ...(tier.setupFeeCents > 0 ? [{ title: 'Setup fee, once', amountText: money(tier.setupFeeCents, tier.currency) }] : []),
        ...(tier.trialDays > 0 ? [{ title: `Free trial: ${tier.trialDays} days, then the first charge`, amountText: money(0, tier.currency) }] : []),
      ],
      action: `/api/memberships/test-checkout/${checkout.id}`,
    };
  };

  const payPage = (context: MembershipCheckoutWithContext, attempt?: { card: CardFormInput; result: Refusal | { kind: 'error'; message: string } }) => {
    const result = attempt?.result;
    return renderTestCheckoutPage({
      ...summaryOf(context),
      cancelUrl: productUrl(context.store, context.product.slug, { origin: env.publicUrl }),
      ...(attempt && { values: { cardNumber: attempt.card.cardNumber, expiry: attempt.card.expiry, cardName: attempt.card.cardName } }),
      ...(result?.kind === 'invalid' && { fieldErrors: result.errors }),
      ...(result?.kind === 'refused' && (result.field ? { fieldErrors: { [result.field]: result.message } } : { formError: result.message })),
      ...(result?.kind === 'error' && { formError: result.message }),
    });
  };

  app.get<PageRequest>('/api/memberships/test-checkout/:checkoutId', async (request, reply) => {
    const context = await findCheckout(request.params.checkoutId);
    if (!context) return notFound(reply);
    if (context.checkout.status === 'completed') return toMembersArea(reply, context);
    return sendCardPage(reply, 200, payPage(context));
  });

  app.post<PageRequest>('/api/memberships/test-checkout/:checkoutId', async (request, reply) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !isTrustedOrigin(origin, env)) {
      return sendCardPage(reply, 403, renderTestCheckoutMessage('Payment refused', MESSAGES.generic.permissionDenied));
    }
    const context = await findCheckout(request.params.checkoutId);
    if (!context) return notFound(reply);
    if (context.checkout.status === 'completed') return toMembersArea(reply, context);
    const { card, authentication } = readCardForm(request.body);
    let result: MembershipPayment;
    try {
      result = await payMembershipCheckout({ db, env, now: now() }, { checkoutId: context.checkout.id, card, authentication });
    } catch (error) {
      // The tier filled up, or the visitor joined meanwhile: said on the page, nothing charged.
      if (error instanceof AppError && error.code !== 'not-found') return sendCardPage(reply, 409, payPage(context, { card, result: { kind: 'error', message: error.message } }));
      if (error instanceof AppError) return notFound(reply);
      throw error;
    }
    switch (result.kind) {
      case 'joined':
        return toMembersArea(reply, context);
      case 'authenticate':
        return sendCardPage(reply, 200, renderTestAuthenticationPage({ ...summaryOf(context), card }));
      case 'invalid':
        return sendCardPage(reply, 422, payPage(context, { card, result }));
      case 'refused':
        return sendCardPage(reply, 402, payPage(context, { card, result }));
    }
  });
}
