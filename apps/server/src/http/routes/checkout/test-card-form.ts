// Exports what both test-provider card pages (one-off checkout, joining a membership) do alike: take the form, read the card, answer HTML.
import type { CardFormInput } from '@shopfront/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TestAuthentication } from '#src/domain/checkout/classify-test-card.ts';
import type { TestCheckoutDocument } from './test-checkout-page.ts';

/** The pay form's POST body: a URL-encoded form, and nothing else, on this plugin's routes. */
export function acceptCardForm(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** The card as typed: sizes are capped before anything is echoed back; the card rules judge the rest. */
export function readCardForm(body: Record<string, string> | undefined): { card: CardFormInput; authentication: TestAuthentication | undefined } {
  const form = body ?? {};
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
  const card: CardFormInput = { cardNumber: text(form.cardNumber, 40), expiry: text(form.expiry, 20), cvc: text(form.cvc, 10), cardName: text(form.cardName, 400) };
  const authentication = form.authentication === 'complete' || form.authentication === 'fail' ? form.authentication : undefined;
  return { card, authentication };
}

export function sendCardPage(reply: FastifyReply, status: number, document: TestCheckoutDocument) {
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Per response: the page's stylesheet carries the store's theme, allowed by its own hash.
      .header('content-security-policy', document.csp)
      // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on the pay form's POST.
      .header('referrer-policy', 'same-origin')
      .send(document.html)
  );
}
