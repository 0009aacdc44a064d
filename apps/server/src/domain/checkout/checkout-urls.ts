import type { Env } from '#src/env.ts';

type UrlEnv = Pick<Env, 'publicUrl'>;

/** The storefront's thank-you page; it reads getCheckoutStatus with the checkout id. */
export function thankYouUrl(env: UrlEnv, storeSlug: string, checkoutId: string): string {
  return `${env.publicUrl}/${storeSlug}/checkout/success?checkout=${encodeURIComponent(checkoutId)}`;
}

/** Where a buyer who cancels goes back to: the product page. */
export function productPageUrl(env: UrlEnv, storeSlug: string, productSlug: string): string {
  return `${env.publicUrl}/${storeSlug}/p/${productSlug}`;
}

/** The store's members area sign-up, where a buyer keeps all their purchases. */
export function membersSignUpUrl(env: UrlEnv, storeSlug: string): string {
  return `${env.publicUrl}/${storeSlug}/members/signup`;
}

/** Where Stripe sends the creator back after the Connect OAuth screen. */
export function stripeConnectRedirectUri(env: UrlEnv): string {
  return `${env.publicUrl}/dashboard/settings/payments/stripe/callback`;
}
