import { AppError, MESSAGES } from '@shopfront/core';
import type { Executor } from '../db/executor.ts';
import { countGuess, forgiveGuess } from './guess-throttle.ts';
import {
  SIGN_IN_ACCOUNT_WINDOW_MS, SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_IP, SIGN_IN_IP_WINDOW_MS,
} from './limits.ts';
import type { LimitRule } from './rate-limits.ts';

/** Who made one password attempt, and when (the windows it was counted in). */
export interface SignInAttempt {
  email: string;
  ip: string;
  now: Date;
}

function rules(email: string, ip: string): LimitRule[] {
  return [
    { key: `sign-in:email:${email}`, windowMs: SIGN_IN_ACCOUNT_WINDOW_MS, limit: SIGN_IN_FAILURES_PER_ACCOUNT },
    { key: `sign-in:ip:${ip}`, windowMs: SIGN_IN_IP_WINDOW_MS, limit: SIGN_IN_FAILURES_PER_IP },
  ];
}

/**
 * SECURITY "per-account and per-IP throttling" (guess-throttle.ts). Unknown emails are counted the
 * same way. A right password is forgiven only when the sign-in is complete: one that needs a second
 * factor stays counted until that factor succeeds (complete-mfa-sign-in.ts).
 */
export async function countSignInAttempt(db: Executor, attempt: SignInAttempt): Promise<void> {
  await countGuess(db, rules(attempt.email, attempt.ip), attempt.now, () => new AppError('resource-exhausted', MESSAGES.auth.tooManyAttempts));
}

export async function forgiveSignInAttempt(db: Executor, attempt: SignInAttempt): Promise<void> {
  await forgiveGuess(db, rules(attempt.email, attempt.ip), attempt.now);
}
