import {
  passwordResetCodeEmail, recoveryCodeUsedEmail, secondFactorLockedEmail, secondFactorResetEmail, signInLinkEmail, verificationCodeEmail, welcomeEmail,
} from '../providers/email/index.ts';
import { enqueueEmail } from '../jobs/enqueue-email.ts';
import type { Executor } from '../db/executor.ts';
import { CODE_TTL_MS, EMAIL_LINK_TTL_MS, MINUTE_MS } from './limits.ts';
import type { CodePurpose } from './verification-codes.ts';

/**
 * Identity emails go through the durable email job, enqueued in the caller's transaction so a
 * message exists exactly when the row that caused it does.
 */
export async function enqueueCodeEmail(db: Executor, options: { email: string; purpose: CodePurpose; code: string }) {
  const params = { code: options.code, expiresInMinutes: CODE_TTL_MS / MINUTE_MS };
  const rendered = options.purpose === 'signup' ? verificationCodeEmail(params) : passwordResetCodeEmail(params);
  await enqueueEmail(db, { to: options.email, ...rendered, tags: [`${options.purpose}-code`] });
}

export async function enqueueSignInLinkEmail(db: Executor, options: { email: string; url: string }) {
  const rendered = signInLinkEmail({ url: options.url, expiresInMinutes: EMAIL_LINK_TTL_MS / MINUTE_MS });
  await enqueueEmail(db, { to: options.email, ...rendered, tags: ['sign-in-link'] });
}

export async function enqueueWelcomeEmail(
  db: Executor,
  options: { userId: string; email: string; firstName: string | null; dashboardUrl: string },
) {
  const rendered = welcomeEmail({ firstName: options.firstName ?? undefined, dashboardUrl: options.dashboardUrl });
  await enqueueEmail(db, { to: options.email, ...rendered, tags: ['welcome'] }, { idempotencyKey: `welcome:${options.userId}` });
}

/**
 * Tells the owner about one second-factor lockout: `pausedUntil` for a window that fills (once
 * per window), none for the lock that only a password reset ends. The idempotency key makes it
 * once per lockout even if two failures race to it.
 */
export async function enqueueMfaLockoutEmail(
  db: Executor,
  options: { userId: string; email: string; signInUrl: string; lockout: { pausedForMinutes: number; windowStart: Date } | 'locked'; now: Date },
) {
  const { lockout } = options;
  const rendered = secondFactorLockedEmail({
    signInUrl: options.signInUrl,
    pausedForMinutes: lockout === 'locked' ? undefined : lockout.pausedForMinutes,
  });
  const key = lockout === 'locked' ? `locked:${options.now.toISOString()}` : `paused:${lockout.windowStart.toISOString()}`;
  await enqueueEmail(db, { to: options.email, ...rendered, tags: ['mfa-lockout'] }, { idempotencyKey: `mfa-lockout:${options.userId}:${key}` });
}

/** Every use of a recovery code is told to the owner (the codes are the way in without the phone). */
export async function enqueueRecoveryCodeUsedEmail(
  db: Executor,
  options: { email: string; usedFor: string; remaining: number | null; settingsUrl: string; now: Date },
) {
  const rendered = recoveryCodeUsedEmail({ usedFor: options.usedFor, remaining: options.remaining, usedAt: options.now, settingsUrl: options.settingsUrl });
  await enqueueEmail(db, { to: options.email, ...rendered, tags: ['recovery-code-used'] });
}

/** An operator removed the owner's second factor: they are told, in the transaction that removed it. */
export async function enqueueSecondFactorResetEmail(db: Executor, options: { email: string; signInUrl: string }) {
  const rendered = secondFactorResetEmail({ signInUrl: options.signInUrl });
  await enqueueEmail(db, { to: options.email, ...rendered, tags: ['mfa-reset'] });
}
