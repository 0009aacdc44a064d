import type { FastifyReply } from 'fastify';
import type { Env } from '#src/env.ts';
import type { OAuthMode } from '#src/identity/oauth/oauth-state.ts';
import { POPUP_CSP, POPUP_MESSAGE_TYPE, renderPopupPage, type PopupMessage } from '#src/identity/oauth/popup-page.ts';
import { DEFAULT_RETURN_PATH } from '@shopfront/core';

/** How an OAuth attempt ended, before it is shaped for redirect or popup mode. */
export type Outcome = { mode: OAuthMode; origin: string } & (
  | { kind: 'signed-in' }
  | { kind: 'mfa-required'; mfaToken: string }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string }
);

/** Where redirect mode sends the browser (and where a popup without an opener goes itself). */
export function outcomeLocation(outcome: Outcome): string {
  if (outcome.kind === 'signed-in') return outcome.origin;
  const query = new URLSearchParams();
  if (outcome.kind === 'mfa-required') query.set('mfa', outcome.mfaToken);
  else query.set('oauth', outcome.kind);
  if (outcome.kind === 'error') query.set('message', outcome.message);
  if (outcome.origin !== DEFAULT_RETURN_PATH) query.set('origin', outcome.origin);
  return `/login?${query.toString()}`;
}

export function popupMessage(outcome: Outcome): PopupMessage {
  const base = { type: POPUP_MESSAGE_TYPE } as const;
  switch (outcome.kind) {
    case 'signed-in':
    case 'cancelled':
      return { ...base, status: outcome.kind };
    case 'mfa-required':
      return { ...base, status: 'mfa-required', mfaToken: outcome.mfaToken };
    case 'error':
      return { ...base, status: 'error', message: outcome.message };
  }
}

export function sendOutcome(reply: FastifyReply, env: Pick<Env, 'publicUrl'>, outcome: Outcome): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (outcome.mode === 'redirect') return reply.redirect(outcomeLocation(outcome), 302);
  const html = renderPopupPage({
    message: popupMessage(outcome),
    targetOrigin: new URL(env.publicUrl).origin,
    fallbackUrl: outcomeLocation(outcome),
  });
  return reply
    .code(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', POPUP_CSP)
    // The opener must keep its handle on this window across the provider's pages.
    .header('cross-origin-opener-policy', 'unsafe-none')
    .send(html);
}
