import { AppError, MESSAGES, type SignInResult } from '@shopfront/core';
import { AUTH_TOKEN_KINDS, consumeAuthToken, getAuthToken } from '#src/identity/auth-tokens.ts';
import { countGuess, forgiveGuess } from '#src/identity/guess-throttle.ts';
import {
  LINK_FAILURES_EMAIL_WINDOW_MS, LINK_FAILURES_IP_WINDOW_MS, LINK_FAILURES_PER_EMAIL, LINK_FAILURES_PER_IP,
} from '#src/identity/limits.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import type { LimitRule } from '#src/identity/rate-limits.ts';
import { completeSignIn, type SignInContext } from './complete-sign-in.ts';
import { findOrCreateUserByEmail } from './find-or-create-user-by-email.ts';

/**
 * Spec §7 email-link sign-in, second step: the link is single use, bound to its email, and
 * expires after 15 minutes. The address is proven, so a missing user is created verified (a
 * signup: refused while signups are closed, and then the link stays usable). Refused links are
 * throttled per email and per address (counted outside the transaction, so they stay counted).
 */
export async function signInWithEmailLink(
  ctx: SignInContext,
  input: { email: string; token: string },
): Promise<SignInResult> {
  const now = ctx.now();
  const rules = guessRules(input.email, ctx.request.ip);
  await countGuess(ctx.db, rules, now, () => new AppError('resource-exhausted', MESSAGES.auth.tooManyAttempts));
  const userId = await ctx.db.transaction(async (tx) => {
    const used = await consumeAuthToken(tx, { kind: AUTH_TOKEN_KINDS.emailLink, token: input.token, email: input.email, now });
    if (!used) {
      const row = await getAuthToken(tx, AUTH_TOKEN_KINDS.emailLink, input.token);
      const expired = row && !row.usedAt && row.email === input.email && row.expiresAt.getTime() <= now.getTime();
      throw new AppError('failed-precondition', expired ? IDENTITY_MESSAGES.linkExpired : IDENTITY_MESSAGES.linkInvalid);
    }
    await forgiveGuess(tx, rules, now);
    const user = await findOrCreateUserByEmail(tx, { email: input.email, emailVerified: true, now });
    return user.id;
  });
  return completeSignIn(ctx, userId);
}

function guessRules(email: string, ip: string): LimitRule[] {
  return [
    { key: `email-link:email:${email}`, windowMs: LINK_FAILURES_EMAIL_WINDOW_MS, limit: LINK_FAILURES_PER_EMAIL },
    { key: `email-link:ip:${ip}`, windowMs: LINK_FAILURES_IP_WINDOW_MS, limit: LINK_FAILURES_PER_IP },
  ];
}
