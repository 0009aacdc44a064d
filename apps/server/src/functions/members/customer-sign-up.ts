import { customerSignUp as signUp } from '#src/domain/members/customer-sign-up.ts';
import type { Handler } from '../types.ts';
import { sessionOptions, signedIn } from './member-context.ts';

export const customerSignUp: Handler<'customerSignUp'> = async (input, ctx) =>
  signedIn(ctx, await signUp({ db: ctx.db, env: ctx.env, ...input, ...sessionOptions(ctx) }));
