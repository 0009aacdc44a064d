import { AppError, MESSAGES } from '@shopfront/core';
import type { Executor } from '../db/executor.ts';
import {
  SIGN_IN_ACCOUNT_WINDOW_MS, SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_IP, SIGN_IN_IP_WINDOW_MS,
} from './limits.ts';
import { hitLimit, undoHit, type LimitRule } from './rate-limits.ts';

function rules(email: string, ip: string): LimitRule[] {
  return [
    { key: `sign-in:email:${email}`, windowMs: SIGN_IN_ACCOUNT_WINDOW_MS, limit: SIGN_IN_FAILURES_PER_ACCOUNT },
    { key: `sign-in:ip:${ip}`, windowMs: SIGN_IN_IP_WINDOW_MS, limit: SIGN_IN_FAILURES_PER_IP },
  ];
}

/**
 * SECURITY "per-account and per-IP throttling". Every attempt is counted BEFORE the password is
 * checked (so parallel guesses cannot slip past the limit) and a successful one is taken back,
 * which leaves the counters at the number of failures. Unknown emails are counted the same way.
 */
export async function countSignInAttempt(db: Executor, options: { email: string; ip: string; now: Date }): Promise<void> {
  let allowed = true;
  for (const rule of rules(options.email, options.ip)) {
    const hit = await hitLimit(db, rule, options.now);
    allowed &&= hit.allowed;
  }
  if (allowed) return;
  // A refused attempt checked no password: taking it back keeps the counters at failures plus
  // attempts in flight, so a burst of refusals cannot lock an account whose password was never wrong.
  await forgiveSignInAttempt(db, options);
  throw new AppError('resource-exhausted', MESSAGES.auth.tooManyAttempts);
}

export async function forgiveSignInAttempt(db: Executor, options: { email: string; ip: string; now: Date }): Promise<void> {
  for (const rule of rules(options.email, options.ip)) await undoHit(db, rule, options.now);
}
