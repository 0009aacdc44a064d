import { AppError, type SignInResult } from '@shopfront/core';
import { AUTH_TOKEN_KINDS, consumeAuthToken, getAuthToken } from '#src/identity/auth-tokens.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { completeSignIn, type SignInContext } from './complete-sign-in.ts';
import { findOrCreateUserByEmail } from './find-or-create-user-by-email.ts';

/**
 * Spec §7 email-link sign-in, second step: the link is single use, bound to its email, and
 * expires after 15 minutes. The address is proven, so a missing user is created verified (a
 * signup: refused while signups are closed, and then the link stays usable).
 */
export async function signInWithEmailLink(
  ctx: SignInContext,
  input: { email: string; token: string },
): Promise<SignInResult> {
  const now = ctx.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const used = await consumeAuthToken(tx, { kind: AUTH_TOKEN_KINDS.emailLink, token: input.token, email: input.email, now });
    if (!used) {
      const row = await getAuthToken(tx, AUTH_TOKEN_KINDS.emailLink, input.token);
      const expired = row && !row.usedAt && row.email === input.email && row.expiresAt.getTime() <= now.getTime();
      throw new AppError('failed-precondition', expired ? IDENTITY_MESSAGES.linkExpired : IDENTITY_MESSAGES.linkInvalid);
    }
    const user = await findOrCreateUserByEmail(tx, { email: input.email, emailVerified: true, now });
    return user.id;
  });
  return completeSignIn(ctx, userId);
}
