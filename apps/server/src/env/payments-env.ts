import { z } from 'zod';

/**
 * Payment settings. Stripe Connect is on when STRIPE_SECRET_KEY, STRIPE_CLIENT_ID and
 * STRIPE_WEBHOOK_SECRET are all set; otherwise checkouts use the built-in test provider, which is
 * off in production unless TEST_PAYMENTS=on. STRIPE_API_URL and STRIPE_CONNECT_URL point the SDK
 * and the OAuth redirect at a local stand-in in tests.
 */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
const secret = unsetIfEmpty(z.string().trim().min(1).max(2048));
const httpUrl = unsetIfEmpty(z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' }));

export const PAYMENTS_ENV_SHAPE = {
  STRIPE_SECRET_KEY: secret,
  STRIPE_CLIENT_ID: secret,
  STRIPE_WEBHOOK_SECRET: secret,
  /** Percent of each sale kept by the platform as a Connect application fee (0–50); unset: each plan's fee. */
  STRIPE_PLATFORM_FEE_PERCENT: unsetIfEmpty(z.coerce.number().min(0).max(50)),
  /** Default https://api.stripe.com; a stand-in server in tests. */
  STRIPE_API_URL: httpUrl,
  /** Default https://connect.stripe.com/oauth/authorize. */
  STRIPE_CONNECT_URL: httpUrl,
  /** `on` keeps the test provider available when NODE_ENV=production. */
  TEST_PAYMENTS: unsetIfEmpty(z.enum(['on', 'off'])),
  /** createCheckout calls per client address per minute (default 20; docs/security-limits.md). */
  CHECKOUT_LIMIT_PER_IP_PER_MINUTE: unsetIfEmpty(z.coerce.number().int().min(1).max(1_000_000)),
  /** createCheckout calls per store per minute (default 3000; docs/security-limits.md). */
  CHECKOUT_LIMIT_PER_STORE_PER_MINUTE: unsetIfEmpty(z.coerce.number().int().min(1).max(10_000_000)),
};

export type PaymentsEnv = z.output<z.ZodObject<typeof PAYMENTS_ENV_SHAPE>>;

export function checkPaymentsEnv(env: Partial<Record<keyof PaymentsEnv, unknown>>, ctx: z.RefinementCtx): void {
  const trio = ['STRIPE_SECRET_KEY', 'STRIPE_CLIENT_ID', 'STRIPE_WEBHOOK_SECRET'] as const;
  const set = trio.filter((name) => env[name] !== undefined);
  if (set.length > 0 && set.length < trio.length) {
    for (const name of trio) {
      if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when ${set.join(' and ')} is set` });
    }
  }
}

export interface StripeConfig {
  secretKey: string;
  clientId: string;
  webhookSecret: string;
  /** One fee for every plan (STRIPE_PLATFORM_FEE_PERCENT); null: each plan's own fee (core PLANS). */
  platformFeePercent: number | null;
  /** Null: Stripe's own API. */
  apiUrl: string | null;
  connectUrl: string;
}

/** How many checkouts may start per minute, per client address and per store. */
export interface CheckoutLimits {
  perIpPerMinute: number;
  perStorePerMinute: number;
}

export const DEFAULT_CHECKOUT_LIMITS: CheckoutLimits = { perIpPerMinute: 20, perStorePerMinute: 3000 };

export interface PaymentsConfig {
  stripe: StripeConfig | null;
  checkoutLimits: CheckoutLimits;
  /** Whether the built-in test provider may take checkouts. */
  testProviderEnabled: boolean;
}

export function paymentsConfigFromEnv(raw: PaymentsEnv, nodeEnv: string): PaymentsConfig {
  const stripe: StripeConfig | null =
    raw.STRIPE_SECRET_KEY && raw.STRIPE_CLIENT_ID && raw.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: raw.STRIPE_SECRET_KEY,
          clientId: raw.STRIPE_CLIENT_ID,
          webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
          platformFeePercent: raw.STRIPE_PLATFORM_FEE_PERCENT ?? null,
          apiUrl: raw.STRIPE_API_URL ?? null,
          connectUrl: raw.STRIPE_CONNECT_URL ?? 'https://connect.stripe.com/oauth/authorize',
        }
      : null;
  const testProviderEnabled = raw.TEST_PAYMENTS === 'on' || (raw.TEST_PAYMENTS !== 'off' && nodeEnv !== 'production');
  const checkoutLimits: CheckoutLimits = {
    perIpPerMinute: raw.CHECKOUT_LIMIT_PER_IP_PER_MINUTE ?? DEFAULT_CHECKOUT_LIMITS.perIpPerMinute,
    perStorePerMinute: raw.CHECKOUT_LIMIT_PER_STORE_PER_MINUTE ?? DEFAULT_CHECKOUT_LIMITS.perStorePerMinute,
  };
  return { stripe, testProviderEnabled, checkoutLimits };
}
