import { randomBytes } from 'node:crypto';
import type { Env } from '#src/env.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** The built-in test provider's pay page for one checkout (http/routes/checkout/checkout-routes.ts serves it). */
export function testCheckoutUrl(env: Pick<Env, 'publicUrl'>, checkoutId: string): string {
  return `${env.publicUrl}/api/checkout/test/${encodeURIComponent(checkoutId)}`;
}

/**
 * The built-in test provider: its "session" is our own test card page, and a refund
 * moves no money, so it only answers an id.
 */
export function createTestProvider(env: Pick<Env, 'publicUrl'>): PaymentProvider {
  return {
    id: 'test',
    async createCheckoutSession(request) {
      return { url: testCheckoutUrl(env, request.checkoutId), providerSessionId: null };
    },
    async refund() {
      return { refundId: `testre_${randomBytes(12).toString('hex')}` };
    },
  };
}
