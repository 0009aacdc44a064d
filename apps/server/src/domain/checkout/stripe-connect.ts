// Exports the Stripe Connect flow (startStripeConnect, completeStripeConnect, disconnectStripe, the state constants):
// one module because the three steps manage one thing, the store's connected Stripe account.
import { AppError, COMMERCE_MESSAGES, MESSAGES } from '@shopfront/core';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Database } from '#src/db/client.ts';
import { authTokens, paymentAccounts } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import type { StripeConfig } from '#src/env/payments-env.ts';
import { stripeClient } from '#src/providers/payments/stripe-client.ts';
import { PLATFORM_REALM } from '#src/identity/limits.ts';
import { hashToken, newSecretToken } from '#src/identity/tokens.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';

/** auth_tokens kind of a Connect OAuth `state`: userId = the creator, data = the store. */
export const STRIPE_CONNECT_STATE_KIND = 'stripe-connect';
export const STRIPE_CONNECT_STATE_TTL_MS = 15 * 60 * 1000;

/** Where Stripe sends the creator back after the Connect OAuth screen. */
function stripeConnectRedirectUri(env: Pick<Env, 'publicUrl'>): string {
  return `${env.publicUrl}/dashboard/settings/payments/stripe/callback`;
}

function requireStripe(env: Pick<Env, 'payments'>): StripeConfig {
  if (!env.payments.stripe) throw new AppError('failed-precondition', COMMERCE_MESSAGES.stripeNotConfigured);
  return env.payments.stripe;
}

/**
 * Stripe Connect (Standard OAuth) step 1: the authorize URL. The `state` is random, stored hashed,
 * bound to this creator and store, single use, and lives 15 minutes.
 */
export async function startStripeConnect(
  db: Database,
  env: Pick<Env, 'payments' | 'publicUrl'>,
  options: { userId: string; storeId: string; now: Date },
): Promise<{ url: string }> {
  const stripe = requireStripe(env);
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const state = newSecretToken();
  await db.insert(authTokens).values({
    tokenHash: hashToken(state),
    kind: STRIPE_CONNECT_STATE_KIND,
    realm: PLATFORM_REALM,
    userId: options.userId,
    data: store.id,
    expiresAt: new Date(options.now.getTime() + STRIPE_CONNECT_STATE_TTL_MS),
    createdAt: options.now,
  });
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: stripe.clientId,
    scope: 'read_write',
    state,
    redirect_uri: stripeConnectRedirectUri(env),
  });
  return { url: `${stripe.connectUrl}?${query.toString()}` };
}

/**
 * Step 2, from the callback page: uses the state up (only this creator's, unused, unexpired),
 * exchanges the code and records the connected account for the store.
 */
export async function completeStripeConnect(
  db: Database,
  env: Pick<Env, 'payments'>,
  options: { userId: string; code: string; state: string; now: Date; log?: FastifyBaseLogger },
): Promise<{ storeId: string; accountId: string }> {
  const stripe = requireStripe(env);
  const [token] = await db
    .update(authTokens)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(options.state)),
        eq(authTokens.kind, STRIPE_CONNECT_STATE_KIND),
        eq(authTokens.userId, options.userId),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, options.now),
      ),
    )
    .returning();
  if (!token?.data) throw new AppError('failed-precondition', COMMERCE_MESSAGES.stripeStateInvalid);
  const store = await getOwnedStore(db, { storeId: token.data, userId: options.userId });

  let accountId: string;
  let livemode: boolean;
  try {
    const answer = await stripeClient(stripe).oauth.token({ grant_type: 'authorization_code', code: options.code });
    if (!answer.stripe_user_id) throw new Error('Stripe answered no stripe_user_id');
    accountId = answer.stripe_user_id;
    livemode = answer.livemode === true;
  } catch (error) {
    options.log?.warn({ err: error, storeId: store.id }, 'Stripe Connect code exchange failed');
    if (error instanceof Stripe.errors.StripeError && (error.type === 'StripeInvalidGrantError' || error.statusCode === 400)) {
      throw new AppError('failed-precondition', COMMERCE_MESSAGES.stripeStateInvalid);
    }
    throw new AppError('unavailable', MESSAGES.generic.unavailable);
  }
  await db
    .insert(paymentAccounts)
    .values({ storeId: store.id, provider: 'stripe', accountId, livemode: livemode ? 1 : 0, connectedAt: options.now, updatedAt: options.now })
    .onConflictDoUpdate({
      target: paymentAccounts.storeId,
      set: { accountId, livemode: livemode ? 1 : 0, connectedAt: options.now, updatedAt: options.now },
    });
  return { storeId: store.id, accountId };
}

/**
 * Forgets the store's connected account (new checkouts fall back to the test provider or stop),
 * and asks Stripe to revoke our access; a failed revoke is only logged.
 */
export async function disconnectStripe(
  db: Database,
  env: Pick<Env, 'payments'>,
  options: { userId: string; storeId: string; log?: FastifyBaseLogger },
): Promise<void> {
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const [removed] = await db.delete(paymentAccounts).where(eq(paymentAccounts.storeId, store.id)).returning();
  const stripe = env.payments.stripe;
  if (!removed || !stripe) return;
  try {
    await stripeClient(stripe).oauth.deauthorize({ client_id: stripe.clientId, stripe_user_id: removed.accountId });
  } catch (error) {
    options.log?.warn({ err: error, storeId: store.id }, 'Stripe deauthorize failed; the account row was removed anyway');
  }
}
