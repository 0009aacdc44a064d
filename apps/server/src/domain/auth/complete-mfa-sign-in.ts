import { AppError, MESSAGES, type SignInResult } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { users } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { AUTH_TOKEN_KINDS, consumeAuthToken, countAuthTokenFailure, getAuthToken } from '#src/identity/auth-tokens.ts';
import { MFA_TOKEN_MAX_ATTEMPTS } from '#src/identity/limits.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { acceptTotpCode, getMfaFactor } from '#src/identity/mfa-factors.ts';
import { countMfaAttempt, recordMfaFailure, recordMfaSuccess } from '#src/identity/mfa-throttle.ts';
import { forgiveSignInAttempt } from '#src/identity/sign-in-throttle.ts';
import { decodePasswordAttempt, issueSession, type SignInContext } from './complete-sign-in.ts';

const M = IDENTITY_MESSAGES;

/** The sign-in page, where the lockout email sends the owner (and "Forgot password" lives). */
const SIGN_IN_PATH = '/login';

/**
 * Spec §4 "multi-factor required", second step: the single-use, 5-minute challenge from the
 * first step plus a current TOTP code; 5 wrong codes end the challenge. Wrong codes are also
 * counted per account and per address across challenges, and 100 in a row lock the factor
 * (identity/mfa-throttle.ts). Only then a session, and the password attempt is forgiven.
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
  const attempt = { userId: challenge.userId, ip: ctx.request.ip, now };
  const accountHit = await countMfaAttempt(db, factor, attempt);
  if (!(await acceptTotpCode(db, ctx.env, { factor, code: input.code, now }))) {
    const attempts = await countAuthTokenFailure(db, AUTH_TOKEN_KINDS.mfa, input.mfaToken);
    const signInUrl = `${ctx.env.publicUrl}${SIGN_IN_PATH}`;
    await recordMfaFailure(db, { ...attempt, email: challenge.email, signInUrl, accountHit });
    if (attempts >= MFA_TOKEN_MAX_ATTEMPTS) throw new AppError('resource-exhausted', M.mfaTooManyAttempts);
    throw new AppError('invalid-argument', M.mfaCodeInvalid);
  }
  await recordMfaSuccess(db, attempt);
  const used = await consumeAuthToken(db, {
    kind: AUTH_TOKEN_KINDS.mfa,
    token: input.mfaToken,
    now,
    maxAttempts: MFA_TOKEN_MAX_ATTEMPTS,
  });
  if (!used) throw new AppError('unauthenticated', M.mfaSessionExpired);
  const passwordAttempt = decodePasswordAttempt(used.data);
  if (passwordAttempt) await forgiveSignInAttempt(db, passwordAttempt);
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
  if (!user) throw new AppError('unauthenticated', M.mfaSessionExpired);
  if (!user.isActive) throw new AppError('permission-denied', MESSAGES.auth.userDisabled);
  return issueSession(ctx, user, true);
}
