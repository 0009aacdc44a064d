import { signUp as createAccount } from '#src/domain/auth/sign-up.ts';
import { completeSignIn } from '#src/domain/auth/complete-sign-in.ts';
import type { Handler } from '../types.ts';

export const signUp: Handler<'signUp'> = async (input, ctx) => {
  const user = await createAccount({ db: ctx.db, env: ctx.env, ...input, now: ctx.now() });
  return completeSignIn(ctx, user.id);
};
