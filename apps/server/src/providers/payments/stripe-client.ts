import Stripe from 'stripe';
import type { StripeConfig } from '#src/env/payments-env.ts';

const clients = new WeakMap<StripeConfig, Stripe>();

/**
 * One SDK client per configuration. STRIPE_API_URL (a local stand-in in tests) sets the SDK's
 * `host`, `port` and `protocol`; with a custom host the SDK sends the Connect OAuth calls there too.
 */
export function stripeClient(config: StripeConfig): Stripe {
  const cached = clients.get(config);
  if (cached) return cached;
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const client = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port ? Number(api.port) : api.protocol === 'https:' ? 443 : 80,
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  clients.set(config, client);
  return client;
}
