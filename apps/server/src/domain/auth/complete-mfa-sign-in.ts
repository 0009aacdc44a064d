import { AppError, MESSAGES, type SignInResult } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { users, type UserRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import type { Env } from '#src/env.ts';
import { AUTH_TOKEN_KINDS, consumeAuthToken, countAuthTokenFailure, getAuthToken } from '#src/identity/auth-tokens.ts';
import { MFA_TOKEN_MAX_ATTEMPTS } from '#src/identity/limits.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { acceptTotpCode, getMfaFactor, type MfaFactorRow } from '#src/identity/mfa-factors.ts';
import { countMfaAttempt, recordMfaFailure, recordMfaSuccess } from '#src/identity/mfa-throttle.ts';
import { forgiveSignInAttempt } from '#src/identity/sign-in-throttle.ts';
import { signInUrl } from './account-urls.ts';
import { decodePasswordAttempt, issueSession, type SignInContext } from './complete-sign-in.ts';

const M = IDENTITY_MESSAGES;

export type MfaSignInContext = SignInContext & { env: Env };

/**
 * Spec §4 "multi-factor required", second step: the single-use, 5-minute challenge from the
 * first step plus a current TOTP code.
 */
export async function completeMfaSignIn(ctx: MfaSignInContext, input: { mfaToken: string; code: string }): Promise<SignInResult> {
  const { result } = await completeMfaChallenge(ctx, {
    mfaToken: input.mfaToken,
    wrongCode: M.mfaCodeInvalid,
    verify: (db, factor, now) => acceptTotpCode(db, ctx.env, { factor, code: input.code, now }),
  });
  return result;
}

/**
 * The second step with any second factor (`verify` checks, and uses up, the code): 5 wrong codes
 * end the challenge. Wrong codes are also counted per account and per address across challenges
 * and kinds of code, and 100 in a row lock the factor (identity/mfa-throttle.ts). Only then a
 * session, and the password attempt is forgiven.
 */
export async function completeMfaChallenge(
  ctx: MfaSignInContext,
  options: { mfaToken: string; wrongCode: string; verify: (db: Executor, factor: MfaFactorRow, now: Date) => Promise<boolean> },
): Promise<{ result: SignInResult; user: UserRow }> {
  const { db } = ctx;
  const now = ctx.now();
  const challenge = await getAuthToken(db, AUTH_TOKEN_KINDS.mfa, options.mfaToken);
  if (!challenge?.userId || challenge.usedAt || challenge.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('unauthenticated', M.mfaSessionExpired);
  }
  if (challenge.attempts >= MFA_TOKEN_MAX_ATTEMPTS) throw new AppError('resource-exhausted', M.mfaTooManyAttempts);
  const factor = await getMfaFactor(db, challenge.userId);
  if (!factor?.enabledAt) throw new AppError('unauthenticated', M.mfaSessionExpired);
  const attempt = { userId: challenge.userId, ip: ctx.request.ip, now };
  const accountHit = await countMfaAttempt(db, factor, attempt);
  if (!(await options.verify(db, factor, now))) {
    const attempts = await countAuthTokenFailure(db, AUTH_TOKEN_KINDS.mfa, options.mfaToken);
    await recordMfaFailure(db, { ...attempt, email: challenge.email, signInUrl: signInUrl(ctx.env), accountHit });
    if (attempts >= MFA_TOKEN_MAX_ATTEMPTS) throw new AppError('resource-exhausted', M.mfaTooManyAttempts);
    throw new AppError('invalid-argument', options.wrongCode);
  }
  await recordMfaSuccess(db, attempt);
  const used = await consumeAuthToken(db, {
    kind: AUTH_TOKEN_KINDS.mfa,
    token: options.mfaToken,
    now,
    maxAttempts: MFA_TOKEN_MAX_ATTEMPTS,
  });
  if (!used) throw new AppError('unauthenticated', M.mfaSessionExpired);
  const passwordAttempt = decodePasswordAttempt(used.data);
  if (passwordAttempt) await forgiveSignInAttempt(db, passwordAttempt);
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
  if (!user) throw new AppError('unauthenticated', M.mfaSessionExpired);
  if (!user.isActive) throw new AppError('permission-denied', MESSAGES.auth.userDisabled);
  return { result: await issueSession(ctx, user, true), user };
}
