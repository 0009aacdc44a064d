import type { SignInResult } from '@shopfront/core';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { useRecoveryCode } from '#src/identity/recovery-codes.ts';
import { tellRecoveryCodeUsed } from './assert-second-factor.ts';
import { completeMfaChallenge, type MfaSignInContext } from './complete-mfa-sign-in.ts';

/**
 * "Lost your device?": the second step with one of the recovery codes saved at enrolment instead
 * of a TOTP code. The same challenge, the same per-challenge cap and the same second-factor
 * throttle as a TOTP code (a wrong recovery code is a second-factor failure); the code is used up,
 * and the owner is told by email with the number of codes left.
 */
export async function completeMfaSignInWithRecoveryCode(
  ctx: MfaSignInContext,
  input: { mfaToken: string; recoveryCode: string },
): Promise<SignInResult> {
  const { result, user } = await completeMfaChallenge(ctx, {
    mfaToken: input.mfaToken,
    wrongCode: IDENTITY_MESSAGES.recoveryCodeInvalid,
    verify: (db, factor, now) => useRecoveryCode(db, ctx.env, { userId: factor.userId, code: input.recoveryCode, now }),
  });
  await tellRecoveryCodeUsed({ db: ctx.db, env: ctx.env, userId: user.id, now: ctx.now(), usedFor: 'to sign in' }, 'count');
  return result;
}
