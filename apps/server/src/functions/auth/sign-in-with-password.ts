import { verifyPasswordSignIn } from '#src/domain/auth/verify-password-sign-in.ts';
import { completeSignIn } from '#src/domain/auth/complete-sign-in.ts';
import type { Handler } from '../types.ts';

export const signInWithPassword: Handler<'signInWithPassword'> = async (input, ctx) => {
  const user = await verifyPasswordSignIn({ db: ctx.db, ...input, ip: ctx.request.ip, now: ctx.now() });
  return completeSignIn(ctx, user.id);
};
