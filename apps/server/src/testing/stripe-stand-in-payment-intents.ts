import { randomBytes } from 'node:crypto';
import type { RecordedStripeRequest } from './stripe-stand-in.ts';

/**
 * PaymentIntents on connected accounts, as far as the one-click upsell uses them: reading a paid
 * Checkout Session's intent (its saved payment method and customer) and an off-session, confirmed
 * charge of a saved method. A method in `declining` answers Stripe's card error (402) with its code.
 */
export interface StandInPaymentIntents {
  /** Payment methods whose off-session charge fails, and the card error code it fails with. */
  declining: Map<string, 'card_declined' | 'authentication_required'>;
}

export const newPaymentIntents = (): StandInPaymentIntents => ({ declining: new Map() });

/** The payment method and customer the stand-in reports for a session's intent `pi_<x>`: `pm_<x>`, `cus_<x>`. */
export const savedMethodOf = (paymentIntentId: string) => ({ paymentMethod: `pm_${paymentIntentId.slice(3)}`, customer: `cus_${paymentIntentId.slice(3)}` });

export function paymentIntentRoute(state: StandInPaymentIntents, request: RecordedStripeRequest): [number, unknown] | null {
  const read = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(request.path);
  if (read && request.method === 'GET') {
    const id = read[1]!;
    const saved = savedMethodOf(id);
    return [200, { id, object: 'payment_intent', status: 'succeeded', payment_method: saved.paymentMethod, customer: saved.customer }];
  }
  if (request.path !== '/v1/payment_intents' || request.method !== 'POST') return null;
  const method = request.body.payment_method ?? '';
  const code = state.declining.get(method);
  if (code) {
    return [402, { error: { type: 'card_error', code, decline_code: code === 'card_declined' ? 'generic_decline' : undefined, message: 'Your card was declined.', payment_method: { id: method } } }];
  }
  return [
    200,
    {
      id: `pi_${randomBytes(12).toString('hex')}`,
      object: 'payment_intent',
      status: request.body.confirm === 'true' ? 'succeeded' : 'requires_confirmation',
      amount: Number(request.body.amount ?? 0),
      currency: request.body.currency ?? 'usd',
      payment_method: method,
      customer: request.body.customer ?? null,
    },
  ];
}
