import { AppError, MESSAGES } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import { mfaFactors } from '../db/schema/index.ts';
import type { Executor } from '../db/executor.ts';
import { countGuess, forgiveGuess } from './guess-throttle.ts';
import { enqueueMfaLockoutEmail } from './identity-emails.ts';
import {
  MFA_ACCOUNT_WINDOW_MS, MFA_CONSECUTIVE_FAILURES_MAX, MFA_FAILURES_PER_ACCOUNT, MFA_FAILURES_PER_IP, MFA_IP_WINDOW_MS, MINUTE_MS,
} from './limits.ts';
import type { MfaFactorRow } from './mfa-factors.ts';
import type { LimitHit, LimitRule } from './rate-limits.ts';

/** One second-factor attempt at sign-in: whose factor, from which address, when. */
export interface MfaAttempt {
  userId: string;
  ip: string;
  now: Date;
}

function rules(attempt: MfaAttempt): LimitRule[] {
  return [
    { key: `mfa:user:${attempt.userId}`, windowMs: MFA_ACCOUNT_WINDOW_MS, limit: MFA_FAILURES_PER_ACCOUNT },
    { key: `mfa:ip:${attempt.ip}`, windowMs: MFA_IP_WINDOW_MS, limit: MFA_FAILURES_PER_IP },
  ];
}

const tooManyAttempts = () => new AppError('resource-exhausted', MESSAGES.auth.tooManyAttempts);

/**
 * Counts a second-factor attempt across challenges before the code is checked (SECURITY "Every
 * guessable secret"): refused while the factor is locked (100 consecutive failures) or while the
 * account's or the address's window is full, whatever the code. Answers the account's hit.
 */
export async function countMfaAttempt(db: Executor, factor: MfaFactorRow, attempt: MfaAttempt): Promise<LimitHit> {
  if (factor.lockedAt || factor.consecutiveFailures >= MFA_CONSECUTIVE_FAILURES_MAX) throw tooManyAttempts();
  const [account] = await countGuess(db, rules(attempt), attempt.now, tooManyAttempts);
  if (!account) throw new Error('no account rule');
  return account;
}

/** A right code: the attempt is taken back and the consecutive count starts again. */
export async function recordMfaSuccess(db: Executor, attempt: MfaAttempt): Promise<void> {
  await forgiveGuess(db, rules(attempt), attempt.now);
  await db.update(mfaFactors).set({ consecutiveFailures: 0 }).where(eq(mfaFactors.userId, attempt.userId));
}

/**
 * A wrong code stays counted in the windows and adds one consecutive failure; the 100th locks the
 * factor. The failure that fills the account's window, and the one that locks, each tell the
 * owner by email (never the address's window: it has no single owner).
 */
export async function recordMfaFailure(
  db: Executor,
  attempt: MfaAttempt & { email: string | null; signInUrl: string; accountHit: LimitHit },
): Promise<void> {
  const { now } = attempt;
  const [row] = await db
    .update(mfaFactors)
    .set({
      consecutiveFailures: sql`${mfaFactors.consecutiveFailures} + 1`,
      lockedAt: sql`case when ${mfaFactors.consecutiveFailures} + 1 >= ${MFA_CONSECUTIVE_FAILURES_MAX} then coalesce(${mfaFactors.lockedAt}, ${now.toISOString()}::timestamptz) else ${mfaFactors.lockedAt} end`,
    })
    .where(eq(mfaFactors.userId, attempt.userId))
    .returning({ consecutiveFailures: mfaFactors.consecutiveFailures });
  if (!attempt.email) return;
  const owner = { userId: attempt.userId, email: attempt.email, signInUrl: attempt.signInUrl, now };
  if (row?.consecutiveFailures === MFA_CONSECUTIVE_FAILURES_MAX) {
    await enqueueMfaLockoutEmail(db, { ...owner, lockout: 'locked' });
  } else if (attempt.accountHit.count === MFA_FAILURES_PER_ACCOUNT) {
    const windowStart = new Date(Math.floor(now.getTime() / MFA_ACCOUNT_WINDOW_MS) * MFA_ACCOUNT_WINDOW_MS);
    const pausedForMinutes = Math.ceil(attempt.accountHit.retryAfterSeconds / (MINUTE_MS / 1000));
    await enqueueMfaLockoutEmail(db, { ...owner, lockout: { pausedForMinutes, windowStart } });
  }
}

/** A successful password reset proves the inbox and replaces the password: the factor unlocks. */
export async function unlockMfaFactor(db: Executor, userId: string): Promise<void> {
  await db.update(mfaFactors).set({ consecutiveFailures: 0, lockedAt: null }).where(eq(mfaFactors.userId, userId));
}
