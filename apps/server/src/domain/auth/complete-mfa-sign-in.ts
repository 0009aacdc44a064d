import { AppError, MESSAGES, type SignInResult } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { users } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { AUTH_TOKEN_KINDS, consumeAuthToken, countAuthTokenFailure, getAuthToken } from '#src/identity/auth-tokens.ts';
import { MFA_TOKEN_MAX_ATTEMPTS } from '#src/identity/limits.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { acceptTotpCode, getMfaFactor } from '#src/identity/mfa-factors.ts';
import { issueSession, type SignInContext } from './complete-sign-in.ts';

const M = IDENTITY_MESSAGES;

/**
 * Spec §4 "multi-factor required", second step: the single-use, 5-minute challenge from the
 * first step plus a current TOTP code; 5 wrong codes end the challenge. Only then a session.
 */
export async function completeMfaSignIn(
  ctx: SignInContext & { env: Env },
  input: { mfaToken: string; code: string },
): Promise<SignInResult> {
  const { db } = ctx;
  const now = ctx.now();
  const challenge = await getAuthToken(db, AUTH_TOKEN_KINDS.mfa, input.mfaToken);
  if (!challenge?.userId || challenge.usedAt || challenge.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('unauthenticated', M.mfaSessionExpired);
  }
  if (challenge.attempts >= MFA_TOKEN_MAX_ATTEMPTS) throw new AppError('resource-exhausted', M.mfaTooManyAttempts);
  const factor = await getMfaFactor(db, challenge.userId);
  if (!factor?.enabledAt) throw new AppError('unauthenticated', M.mfaSessionExpired);
  if (!(await acceptTotpCode(db, ctx.env, { factor, code: input.code, now }))) {
    const attempts = await countAuthTokenFailure(db, AUTH_TOKEN_KINDS.mfa, input.mfaToken);
    if (attempts >= MFA_TOKEN_MAX_ATTEMPTS) throw new AppError('resource-exhausted', M.mfaTooManyAttempts);
    throw new AppError('invalid-argument', M.mfaCodeInvalid);
  }
  const used = await consumeAuthToken(db, {
    kind: AUTH_TOKEN_KINDS.mfa,
    token: input.mfaToken,
    now,
    maxAttempts: MFA_TOKEN_MAX_ATTEMPTS,
  });
  if (!used) throw new AppError('unauthenticated', M.mfaSessionExpired);
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
  if (!user) throw new AppError('unauthenticated', M.mfaSessionExpired);
  if (!user.isActive) throw new AppError('permission-denied', MESSAGES.auth.userDisabled);
  return issueSession(ctx, user, true);
}
