// Exports the Stripe side of joining: the connected account's billing client, its tier Prices and the subscription-mode session.
import { AppError, COMMERCE_MESSAGES, membersUrl, productUrl } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { membershipCheckouts, membershipStripePrices, type MembershipCheckoutRow, type MembershipInterval, type MembershipTierRow } from '#src/db/schema/index.ts';
import { platformFeePercent } from '#src/domain/billing/platform-fee-percent.ts';
import type { Env } from '#src/env.ts';
import { stripeMembershipBilling, type StripeMembershipBilling } from '#src/providers/payments/index.ts';
import { loadMembershipCheckout } from '../join/load-membership-checkout.ts';
import { tierPrice } from '../membership-rules.ts';

/** Stripe Billing on connected accounts; refused when this server has no STRIPE_* settings. */
export function membershipBilling(env: Pick<Env, 'payments'>): StripeMembershipBilling {
  if (!env.payments.stripe) throw new AppError('failed-precondition', COMMERCE_MESSAGES.stripeNotConfigured);
  return stripeMembershipBilling(env.payments.stripe);
}

/**
 * The Stripe Price for a tier's price on the connected account, made once and recorded: the same
 * tier price answers the same Price; a new tier price makes a new one, so members who joined at
 * the old price keep the Price their subscription has (decision 041).
 */
export async function ensureStripePrice(
  db: Executor,
  billing: StripeMembershipBilling,
  input: { accountId: string; tier: MembershipTierRow; productTitle: string; interval: MembershipInterval; amountCents?: number },
): Promise<string> {
  const { accountId, tier, interval } = input;
  // A price move names the amount its members were told (the tier may have changed again since).
  const amountCents = input.amountCents ?? tierPrice(tier, interval);
  if (amountCents === null) throw new Error(`tier ${tier.id} has no ${interval} price`);
  const key = and(
    eq(membershipStripePrices.accountId, accountId),
    eq(membershipStripePrices.tierId, tier.id),
    eq(membershipStripePrices.interval, interval),
    eq(membershipStripePrices.amountCents, amountCents),
    eq(membershipStripePrices.currency, tier.currency),
  );
  const [known] = await db.select({ priceId: membershipStripePrices.stripePriceId }).from(membershipStripePrices).where(key);
  if (known) return known.priceId;
  const created = await billing.createPrice(accountId, {
    amountCents,
    currency: tier.currency,
    interval,
    productName: `${input.productTitle} — ${tier.name}`,
    metadata: { storeId: tier.storeId, tierId: tier.id },
    idempotencyKey: `msp_${tier.id}_${interval}_${amountCents}_${tier.currency}`,
  });
  await db
    .insert(membershipStripePrices)
    .values({ id: newId('msp'), storeId: tier.storeId, tierId: tier.id, accountId, interval, amountCents, currency: tier.currency, stripeProductId: created.productId, stripePriceId: created.priceId })
    .onConflictDoNothing();
  const [row] = await db.select({ priceId: membershipStripePrices.stripePriceId }).from(membershipStripePrices).where(key);
  return row?.priceId ?? created.priceId;
}

/**
 * The Checkout Session in subscription mode on the store's connected account for one membership
 * checkout: the tier's Price for the interval, the trial, the setup fee as a one-time line, the
 * owner's plan fee as `application_fee_percent`, and metadata (on the session and the
 * subscription) that ties its events to the store, tier and checkout. The checkout id is the
 * idempotency key, so a retried start answers the same session.
 */
export async function stripeMembershipCheckoutUrl(deps: { db: Executor; env: Env }, checkout: MembershipCheckoutRow): Promise<string> {
  const { db, env } = deps;
  const context = await loadMembershipCheckout(db, checkout.id);
  if (!context || !checkout.providerAccountId) throw new AppError('not-found', COMMERCE_MESSAGES.checkoutNotFound);
  const { tier, product, store } = context;
  const billing = membershipBilling(env);
  const accountId = checkout.providerAccountId;
  const priceId = await ensureStripePrice(db, billing, { accountId, tier, productTitle: product.title, interval: checkout.interval });
  const session = await billing.createSubscriptionSession({
    accountId,
    membershipCheckoutId: checkout.id,
    priceId,
    currency: tier.currency,
    setupFee: tier.setupFeeCents > 0 ? { cents: tier.setupFeeCents, title: `${tier.name}: setup fee` } : null,
    trialDays: tier.trialDays,
    applicationFeePercent: await platformFeePercent(db, env, store.id),
    buyerEmail: checkout.email,
    metadata: { membershipCheckoutId: checkout.id, storeId: store.id, tierId: tier.id, setupFeeCents: String(tier.setupFeeCents) },
    successUrl: membersUrl(store, { origin: env.publicUrl, page: 'signup' }),
    cancelUrl: productUrl(store, product.slug, { origin: env.publicUrl }),
  });
  if (session.sessionId !== checkout.providerSessionId) {
    await db.update(membershipCheckouts).set({ providerSessionId: session.sessionId }).where(eq(membershipCheckouts.id, checkout.id));
  }
  return session.url;
}
