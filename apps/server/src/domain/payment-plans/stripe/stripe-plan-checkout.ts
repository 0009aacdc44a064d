// Exports the Stripe side of buying in instalments: the plan billing client, the instalment's Price and the subscription-mode session.
import { AppError, COMMERCE_MESSAGES, productUrl, thankYouUrl } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { paymentPlanStripePrices, type CheckoutRow, type ProductRow, type StoreRow } from '#src/db/schema/index.ts';
import { platformFeePercent } from '#src/domain/billing/platform-fee-percent.ts';
import { membershipBilling } from '#src/domain/memberships/stripe/stripe-membership-checkout.ts';
import type { Env } from '#src/env.ts';
import { stripePlanBilling, type StripePlanBilling } from '#src/providers/payments/stripe-plans.ts';

/** Stripe Billing for plans on connected accounts; refused when this server has no STRIPE_* settings. */
export function planBilling(env: Pick<Env, 'payments'>): StripePlanBilling {
  if (!env.payments.stripe) throw new AppError('failed-precondition', COMMERCE_MESSAGES.stripeNotConfigured);
  return stripePlanBilling(env.payments.stripe);
}

/**
 * The monthly Stripe Price of a plan's instalment on the connected account, made once per product,
 * amount and currency and recorded (as tier Prices are): later buyers reuse it; a changed
 * instalment makes a new one, and plans already paying keep the Price their subscription has.
 */
export async function ensurePlanPrice(db: Executor, env: Pick<Env, 'payments'>, input: { accountId: string; product: ProductRow; amountCents: number; currency: string }): Promise<string> {
  const { accountId, product, amountCents, currency } = input;
  const key = and(
    eq(paymentPlanStripePrices.accountId, accountId),
    eq(paymentPlanStripePrices.productId, product.id),
    eq(paymentPlanStripePrices.amountCents, amountCents),
    eq(paymentPlanStripePrices.currency, currency),
  );
  const [known] = await db.select({ priceId: paymentPlanStripePrices.stripePriceId }).from(paymentPlanStripePrices).where(key);
  if (known) return known.priceId;
  const created = await membershipBilling(env).createPrice(accountId, {
    amountCents,
    currency,
    interval: 'month',
    productName: `${product.title} — instalment`,
    metadata: { storeId: product.storeId, productId: product.id, paymentPlan: 'true' },
    idempotencyKey: `ppp_${product.id}_${amountCents}_${currency}`,
  });
  await db
    .insert(paymentPlanStripePrices)
    .values({ id: newId('ppp'), storeId: product.storeId, productId: product.id, accountId, amountCents, currency, stripeProductId: created.productId, stripePriceId: created.priceId })
    .onConflictDoNothing();
  const [row] = await db.select({ priceId: paymentPlanStripePrices.stripePriceId }).from(paymentPlanStripePrices).where(key);
  return row?.priceId ?? created.priceId;
}

/** The metadata on a plan's session and subscription: how the webhook tells a plan's events from a membership's. */
export const PLAN_METADATA = 'paymentPlan';

/**
 * The Checkout Session in subscription mode on the store's connected account for a plan checkout
 * (decision 047): the instalment's monthly Price, the owner's plan fee as
 * `application_fee_percent`, and metadata on the session and the subscription naming the checkout.
 * The checkout id is the idempotency key, so a retried start answers the same session.
 */
export async function stripePlanSession(
  deps: { db: Executor; env: Env },
  context: { checkout: CheckoutRow; product: ProductRow; store: StoreRow; expiresAt?: Date },
): Promise<{ url: string; providerSessionId: string }> {
  const { db, env } = deps;
  const { checkout, product, store } = context;
  if (!checkout.providerAccountId || checkout.planInstalmentCents === null) throw new AppError('not-found', COMMERCE_MESSAGES.checkoutNotFound);
  const accountId = checkout.providerAccountId;
  const priceId = await ensurePlanPrice(db, env, { accountId, product, amountCents: checkout.planInstalmentCents, currency: checkout.currency });
  const session = await planBilling(env).createPlanSession({
    accountId,
    checkoutId: checkout.id,
    priceId,
    applicationFeePercent: await platformFeePercent(db, env, store.id),
    buyerEmail: checkout.email,
    metadata: { checkoutId: checkout.id, storeId: store.id, productId: product.id, [PLAN_METADATA]: 'true' },
    successUrl: thankYouUrl(store, checkout.id, { origin: env.publicUrl }),
    cancelUrl: productUrl(store, product.slug, { origin: env.publicUrl }),
    ...(context.expiresAt ? { expiresAt: context.expiresAt } : {}),
  });
  return { url: session.url, providerSessionId: session.sessionId };
}
