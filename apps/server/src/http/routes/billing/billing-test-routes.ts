import { AppError, formatMoney, MESSAGES, PLANS, isPlanId, type CardFormInput } from '@shopfront/core';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { subscriptions, testBillingSessions, testInvoices, users, type TestBillingSessionRow } from '#src/db/schema/index.ts';
import { payTestSubscription } from '#src/domain/billing/pay-test-subscription.ts';
import { BILLING_PAGE_PATH } from '#src/domain/billing/start-plan-checkout.ts';
import { testPortalAction } from '#src/domain/billing/test-portal-action.ts';
import type { Env } from '#src/env.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';
import {
  renderTestAuthenticationPage,
  renderTestCheckoutMessage,
  renderTestCheckoutPage,
  type TestCheckoutDocument,
} from '#src/http/routes/checkout/test-checkout-page.ts';
import { isTrustedOrigin } from '#src/identity/trusted-origin.ts';
import { PLATFORM_PAGE_THEME, renderTestInvoice, renderTestPortalMessage, renderTestPortalPage } from './billing-test-pages.ts';

export interface BillingTestRoutesOptions {
  env: Env;
  db: Database;
  now: () => Date;
}

type Form = Record<string, string> | undefined;

/**
 * The built-in test provider's billing pages (docs/billing.md "Test provider"), for the signed-in
 * creator only (anyone else, and another creator's ids, get the same "not found"):
 *   GET/POST /api/billing/test/:sessionId — subscription checkout with the test cards;
 *   GET/POST /api/billing/test-portal — cancel, or try a failed and a successful renewal;
 *   GET /api/billing/test-invoices/:invoiceId — a receipt to download.
 * Each POST is a form from our own page (Origin checked), and every plan change goes through
 * the same subscription events as Stripe's webhook.
 */
export async function billingTestRoutes(app: FastifyInstance, options: BillingTestRoutesOptions): Promise<void> {
  const { env, db, now } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const billingUrl = `${env.publicUrl}${BILLING_PAGE_PATH}`;
  const send = (reply: FastifyReply, status: number, document: TestCheckoutDocument, download?: string) => {
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', document.csp)
      .header('referrer-policy', 'same-origin');
    if (download) reply.header('content-disposition', `attachment; filename="${download}"`);
    return reply.send(document.html);
  };
  const notFound = (reply: FastifyReply) => send(reply, 404, renderTestCheckoutMessage('Not found', MESSAGES.generic.notFound));

  async function creator(request: FastifyRequest): Promise<string | null> {
    if (!env.payments.testProviderEnabled || env.payments.stripe) return null;
    const caller = await resolveCaller(request, { db, now });
    return caller?.kind === 'creator' ? caller.userId : null;
  }
  const fromOurPage = (request: FastifyRequest) => typeof request.headers.origin === 'string' && isTrustedOrigin(request.headers.origin, env);

  async function openSession(request: FastifyRequest<{ Params: { sessionId: string } }>): Promise<TestBillingSessionRow | null> {
    const userId = await creator(request);
    if (!userId || !/^tbs_[a-z0-9]{20}$/.test(request.params.sessionId)) return null;
    const [session] = await db
      .select()
      .from(testBillingSessions)
      .where(and(eq(testBillingSessions.id, request.params.sessionId), eq(testBillingSessions.userId, userId), gt(testBillingSessions.expiresAt, now())));
    return session ?? null;
  }

  const money = (cents: number) => formatMoney(cents, 'USD', { locale: 'en' });
  const summaryOf = (session: TestBillingSessionRow) => {
    const plan = isPlanId(session.planId) ? PLANS[session.planId].name : session.planId;
    return {
      store: PLATFORM_PAGE_THEME,
      productTitle: `${plan} plan, billed ${session.interval === 'year' ? 'yearly' : 'monthly'}`,
      amountText: `${money(session.priceCents)} / ${session.interval}`,
      action: `/api/billing/test/${session.id}`,
    };
  };

  app.get<{ Params: { sessionId: string } }>('/api/billing/test/:sessionId', async (request, reply) => {
    const session = await openSession(request);
    if (!session) return notFound(reply);
    if (session.status === 'completed') return reply.redirect(`${billingUrl}?checkout=done`, 303);
    return send(reply, 200, renderTestCheckoutPage({ ...summaryOf(session), cancelUrl: billingUrl }));
  });

  app.post<{ Params: { sessionId: string }; Body: Form }>('/api/billing/test/:sessionId', async (request, reply) => {
    if (!fromOurPage(request)) return send(reply, 403, renderTestCheckoutMessage('Payment refused', MESSAGES.generic.permissionDenied));
    const session = await openSession(request);
    if (!session) return notFound(reply);
    if (session.status === 'completed') return reply.redirect(`${billingUrl}?checkout=done`, 303);
    const body = request.body ?? {};
    const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
    const card: CardFormInput = { cardNumber: text(body.cardNumber, 40), expiry: text(body.expiry, 20), cvc: text(body.cvc, 10), cardName: text(body.cardName, 400) };
    const authentication = body.authentication === 'complete' || body.authentication === 'fail' ? body.authentication : undefined;
    const result = await payTestSubscription({ db, now: now() }, session, card, authentication);
    const values = { cardNumber: card.cardNumber, expiry: card.expiry, cardName: card.cardName };
    switch (result.kind) {
      case 'paid':
        return reply.header('cache-control', 'no-store').redirect(`${billingUrl}?checkout=done`, 303);
      case 'authenticate':
        return send(reply, 200, renderTestAuthenticationPage({ ...summaryOf(session), card }));
      case 'invalid':
        return send(reply, 422, renderTestCheckoutPage({ ...summaryOf(session), cancelUrl: billingUrl, values, fieldErrors: result.errors }));
      case 'refused':
        return send(
          reply,
          402,
          renderTestCheckoutPage({
            ...summaryOf(session),
            cancelUrl: billingUrl,
            values,
            ...(result.field ? { fieldErrors: { [result.field]: result.message } } : { formError: result.message }),
          }),
        );
    }
  });

  app.get('/api/billing/test-portal', async (request, reply) => {
    const userId = await creator(request);
    if (!userId) return notFound(reply);
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (!row || row.provider !== 'test' || (row.status !== 'active' && row.status !== 'past_due')) {
      return send(reply, 200, renderTestPortalMessage('No subscription', 'You have no active subscription to manage.', billingUrl));
    }
    const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
    return send(
      reply,
      200,
      renderTestPortalPage({
        planName: isPlanId(row.planId) ? PLANS[row.planId].name : row.planId,
        intervalText: row.interval,
        priceText: money(row.priceCents),
        statusText: row.status === 'past_due' ? 'Payment failed' : 'Active',
        periodEndText: day(row.currentPeriodEnd),
        graceText: row.graceUntil ? `until ${day(row.graceUntil)}` : null,
        returnUrl: billingUrl,
      }),
    );
  });

  app.post<{ Body: Form }>('/api/billing/test-portal', async (request, reply) => {
    if (!fromOurPage(request)) return send(reply, 403, renderTestCheckoutMessage('Refused', MESSAGES.generic.permissionDenied));
    const userId = await creator(request);
    if (!userId) return notFound(reply);
    const action = request.body?.action;
    if (action !== 'cancel' && action !== 'fail-renewal' && action !== 'pay-renewal') throw new AppError('invalid-argument');
    await testPortalAction(db, { userId, action, now: now() });
    return reply.header('cache-control', 'no-store').redirect(action === 'cancel' ? billingUrl : '/api/billing/test-portal', 303);
  });

  app.get<{ Params: { invoiceId: string } }>('/api/billing/test-invoices/:invoiceId', async (request, reply) => {
    const userId = await creator(request);
    if (!userId) return notFound(reply);
    const [invoice] = await db
      .select({ invoice: testInvoices, email: users.email })
      .from(testInvoices)
      .innerJoin(users, eq(users.id, testInvoices.userId))
      .where(and(eq(testInvoices.id, request.params.invoiceId), eq(testInvoices.userId, userId)));
    if (!invoice) return notFound(reply);
    const { invoice: row } = invoice;
    const plan = isPlanId(row.planId) ? PLANS[row.planId].name : row.planId;
    return send(
      reply,
      200,
      renderTestInvoice({
        number: row.number,
        dateText: row.createdAt.toISOString().slice(0, 10),
        email: invoice.email,
        description: `${plan} plan, billed ${row.interval === 'year' ? 'yearly' : 'monthly'}`,
        amountText: money(row.amountCents),
        statusText: row.status === 'paid' ? 'Paid' : 'Payment failed',
      }),
      `invoice-${row.number}.html`,
    );
  });
}
