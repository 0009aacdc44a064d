import type { SignInResult } from '@shopfront/core';
import { completeSignIn, type SignInContext } from './complete-sign-in.ts';
import { verifyPasswordSignIn } from './verify-password-sign-in.ts';

/**
 * signInWithPassword: the password step, then the end of sign-in, which forgives the throttled
 * attempt only when no second factor is pending.
 */
export async function signInWithPassword(ctx: SignInContext, input: { email: string; password: string }): Promise<SignInResult> {
  const attempt = { email: input.email, ip: ctx.request.ip, now: ctx.now() };
  const user = await verifyPasswordSignIn({ db: ctx.db, ...input, ip: attempt.ip, now: attempt.now });
  return completeSignIn(ctx, user.id, attempt);
}
