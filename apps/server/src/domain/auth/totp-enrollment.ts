// Exports the TOTP lifecycle (startTotpEnrollment, confirmTotpEnrollment, disableTotp): one module because
// they are the one factor's lifecycle, on the same row (its recovery codes hang off it).
import { AppError, MESSAGES } from '@shopfront/core';
import { encodeBase32NoPadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { mfaFactors, users } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { TOTP_FAILURE_WINDOW_MS, TOTP_FAILURES_PER_USER } from '#src/identity/limits.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { acceptTotpCode, getMfaFactor, type MfaFactorRow } from '#src/identity/mfa-factors.ts';
import { countGuess, forgiveGuess } from '#src/identity/guess-throttle.ts';
import { replaceRecoveryCodes } from '#src/identity/recovery-codes.ts';
import { newTotpKey, sealTotpKey, totpKeyUri } from '#src/identity/totp.ts';
import { assertSecondFactor, tellRecoveryCodeUsed } from './assert-second-factor.ts';

const M = IDENTITY_MESSAGES;

interface TotpOptions {
  db: Database;
  env: Env;
  userId: string;
  now: Date;
}

/** TOTP enrolment, step 1: a new secret (replacing an unconfirmed one) and its QR code. */
export async function startTotpEnrollment(options: TotpOptions) {
  const { db, userId, now } = options;
  const existing = await getMfaFactor(db, userId);
  if (existing?.enabledAt) throw new AppError('failed-precondition', M.mfaAlreadyEnabled);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error('the signed-in user has no row');
  const key = newTotpKey();
  const secret = sealTotpKey(options.env, key);
  await db
    .insert(mfaFactors)
    .values({ userId, secret, enabledAt: null, lastUsedStep: null, createdAt: now })
    .onConflictDoUpdate({ target: mfaFactors.userId, set: { secret, enabledAt: null, lastUsedStep: null, createdAt: now } });
  const otpauthUrl = totpKeyUri(user.email, key);
  // qrcode is loaded when a creator first sets up an authenticator, not at start-up.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret: encodeBase32NoPadding(key), otpauthUrl, qrSvg };
}

/**
 * Step 2: the first correct code turns the factor on and makes its recovery codes, in one
 * transaction (a factor is never on without its codes). The codes are answered this once.
 */
export async function confirmTotpEnrollment(options: TotpOptions & { code: string }) {
  const factor = await getMfaFactor(options.db, options.userId);
  if (!factor) throw new AppError('failed-precondition', M.mfaNotStarted);
  if (factor.enabledAt) throw new AppError('failed-precondition', M.mfaAlreadyEnabled);
  const recoveryCodes = await checkThrottled(options, factor);
  return { enrolled: true as const, recoveryCodes };
}

/**
 * Turning TOTP off needs a current code or an unused recovery code (the way back for someone who
 * signed in with one after losing their phone), not just a session; see assertSecondFactor.
 * The recovery codes go with the factor (foreign key, on delete cascade).
 */
export async function disableTotp(options: TotpOptions & { code: string; ip: string }) {
  const usedFor = 'to turn off two-step verification';
  const { method } = await assertSecondFactor({ ...options, usedFor });
  await options.db.delete(mfaFactors).where(eq(mfaFactors.userId, options.userId));
  if (method === 'recovery-code') await tellRecoveryCodeUsed({ ...options, usedFor }, null);
  return { disabled: true as const };
}

/** Wrong enrolment codes are throttled per user, counted before checking like sign-in attempts. */
async function checkThrottled(options: TotpOptions & { code: string }, factor: MfaFactorRow): Promise<string[]> {
  const { db, now } = options;
  const rules = [{ key: `totp:user:${options.userId}`, windowMs: TOTP_FAILURE_WINDOW_MS, limit: TOTP_FAILURES_PER_USER }];
  await countGuess(db, rules, now, () => new AppError('resource-exhausted', MESSAGES.auth.tooManyAttempts));
  const codes = await db.transaction(async (tx) => {
    if (!(await acceptTotpCode(tx, options.env, { factor, code: options.code, now, enable: true }))) return null;
    return replaceRecoveryCodes(tx, options.env, { userId: options.userId, now });
  });
  if (!codes) throw new AppError('invalid-argument', M.mfaCodeInvalid);
  await forgiveGuess(db, rules, now);
  return codes;
}
