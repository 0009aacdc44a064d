import { AppError } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { enqueueRecoveryCodeUsedEmail } from '#src/identity/identity-emails.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { acceptSecondFactorCode, getMfaFactor, type MfaFactorRow, type SecondFactorMethod } from '#src/identity/mfa-factors.ts';
import { countMfaAttempt, recordMfaFailure, recordMfaSuccess } from '#src/identity/mfa-throttle.ts';
import { countRecoveryCodes } from '#src/identity/recovery-codes.ts';
import { securitySettingsUrl, signInUrl } from './account-urls.ts';

const M = IDENTITY_MESSAGES;

export interface SecondFactorCheck {
  db: Database;
  env: Env;
  userId: string;
  /** A current TOTP code or an unused recovery code. */
  code: string;
  ip: string;
  now: Date;
  /** For the owner's email if a recovery code was used: "to turn off two-step verification". */
  usedFor: string;
}

/**
 * A signed-in change that needs the second factor (turning it off, new recovery codes). Wrong
 * codes, TOTP or recovery, are second-factor failures like those at sign-in (identity/mfa-throttle.ts):
 * the same windows and the same lock, so a stolen session cannot guess its way through.
 */
export async function assertSecondFactor(check: SecondFactorCheck): Promise<{ factor: MfaFactorRow; method: SecondFactorMethod }> {
  const { db, userId, now } = check;
  const factor = await getMfaFactor(db, userId);
  if (!factor?.enabledAt) throw new AppError('failed-precondition', M.mfaNotEnabled);
  const attempt = { userId, ip: check.ip, now };
  const accountHit = await countMfaAttempt(db, factor, attempt);
  const method = await acceptSecondFactorCode(db, check.env, { factor, code: check.code, now });
  if (!method) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await recordMfaFailure(db, { ...attempt, email: user?.email ?? null, signInUrl: signInUrl(check.env), accountHit });
    throw new AppError('invalid-argument', M.mfaCodeInvalid);
  }
  await recordMfaSuccess(db, attempt);
  return { factor, method };
}

/** Tells the owner a recovery code was used; `remaining` null when the set was replaced or removed. */
export async function tellRecoveryCodeUsed(
  check: Pick<SecondFactorCheck, 'db' | 'env' | 'userId' | 'now' | 'usedFor'>,
  remaining: number | null | 'count',
): Promise<void> {
  const [user] = await check.db.select({ email: users.email }).from(users).where(eq(users.id, check.userId));
  if (!user) return;
  const left = remaining === 'count' ? (await countRecoveryCodes(check.db, check.userId)).remaining : remaining;
  await enqueueRecoveryCodeUsedEmail(check.db, {
    email: user.email,
    usedFor: check.usedFor,
    remaining: left,
    settingsUrl: securitySettingsUrl(check.env),
    now: check.now,
  });
}
