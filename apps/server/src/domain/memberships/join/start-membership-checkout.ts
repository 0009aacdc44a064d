import { AppError, COMMERCE_LIMITS, STORE_OFFLINE_MESSAGES, type MemberBillingInterval } from '@shopfront/core';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { membershipCheckouts, memberships, membershipTiers, products, stores, type MembershipCheckoutRow, type MembershipInterval } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { MEMBERSHIP_MESSAGES as M } from '../membership-messages.ts';
import { tierPrice } from '../membership-rules.ts';
import { stripeMembershipCheckoutUrl } from '../stripe/stripe-membership-checkout.ts';
import { membershipCheckoutUrl, membershipPaymentRoute } from './membership-payment-route.ts';

export interface StartMembershipCheckoutInput {
  storeId: string;
  tierId: string;
  interval: MemberBillingInterval;
  email: string;
  name: string;
  marketingConsent?: boolean | undefined;
  timeZone?: string | undefined;
  idempotencyKey: string;
}

export const toInterval = (interval: MemberBillingInterval): MembershipInterval => (interval === 'yearly' ? 'year' : 'month');

/**
 * startMembershipCheckout: checks the tier can take a member now and records the checkout
 * once per (store, idempotency key); a retry answers the same page. The tier is checked again,
 * under its lock, when the card is given (startTestMembership): this answer is early, not final.
 * The store customer is found or created only when paying, as one-off checkout does, so an
 * address typed into an abandoned form never becomes a customer.
 */
export async function startMembershipCheckout(deps: { db: Database; env: Env; now: Date }, input: StartMembershipCheckoutInput) {
  const { db, env, now } = deps;
  const existing = await findByKey(db, input);
  if (existing) return answer(deps, existing);

  const [found] = await db
    .select({ tier: membershipTiers, product: { status: products.status, type: products.type }, offlineReason: stores.offlineReason })
    .from(membershipTiers)
    .innerJoin(products, eq(products.id, membershipTiers.productId))
    .innerJoin(stores, eq(stores.id, membershipTiers.storeId))
    .where(and(eq(membershipTiers.id, input.tierId), eq(membershipTiers.storeId, input.storeId), isNull(membershipTiers.archivedAt)));
  // An archived tier, or one of a draft product, answers like a missing one.
  if (!found || found.product.status !== 'published' || found.product.type !== 'membership') throw new AppError('not-found', M.tierNotFound);
  const { tier } = found;
  if (found.offlineReason !== null) throw new AppError('unavailable', STORE_OFFLINE_MESSAGES.error);
  const interval = toInterval(input.interval);
  if (tierPrice(tier, interval) === null) throw new AppError('invalid-argument', interval === 'year' ? M.noYearlyPrice : M.noMonthlyPrice);
  const route = await membershipPaymentRoute(db, env, input.storeId);

  // Whether this email is a member already is said only once a card is given (startTestMembership),
  // so this public call cannot be used to look up who is a member.
  if (tier.memberLimit !== null) {
    const [row] = await db.select({ members: count() }).from(memberships).where(and(eq(memberships.tierId, tier.id), ne(memberships.status, 'ended')));
    if ((row?.members ?? 0) >= tier.memberLimit) throw new AppError('failed-precondition', M.tierFull);
  }

  // Concurrent calls with one key: one insert wins, the others read its row.
  const [inserted] = await db
    .insert(membershipCheckouts)
    .values({
      id: newId('mck'),
      storeId: input.storeId,
      tierId: tier.id,
      interval,
      email: input.email,
      name: input.name,
      marketingConsent: input.marketingConsent ?? false,
      timeZone: input.timeZone ?? null,
      idempotencyKey: input.idempotencyKey,
      provider: route.provider,
      providerAccountId: route.accountId,
      expiresAt: new Date(now.getTime() + COMMERCE_LIMITS.checkoutTtlMs),
      createdAt: now,
    })
    .onConflictDoNothing({ target: [membershipCheckouts.storeId, membershipCheckouts.idempotencyKey] })
    .returning();
  const row = inserted ?? (await findByKey(db, input));
  if (!row) throw new Error('membership checkout vanished after insert');
  return answer(deps, row);
}

/** The page to pay on: the test provider's, or the Stripe Checkout Session (the same one on a retry). */
async function answer(deps: { db: Database; env: Env }, checkout: MembershipCheckoutRow) {
  const checkoutUrl = checkout.provider === 'stripe' ? await stripeMembershipCheckoutUrl(deps, checkout) : membershipCheckoutUrl(deps.env, checkout.id);
  return { checkoutId: checkout.id, checkoutUrl };
}

async function findByKey(db: Database, input: Pick<StartMembershipCheckoutInput, 'storeId' | 'idempotencyKey'>): Promise<MembershipCheckoutRow | null> {
  const [row] = await db
    .select()
    .from(membershipCheckouts)
    .where(and(eq(membershipCheckouts.storeId, input.storeId), eq(membershipCheckouts.idempotencyKey, input.idempotencyKey)))
    .limit(1);
  return row ?? null;
}
