import { customerSignIn as signIn } from '#src/domain/members/customer-sign-in.ts';
import type { Handler } from '../types.ts';
import { sessionOptions, signedIn } from './member-context.ts';

export const customerSignIn: Handler<'customerSignIn'> = async (input, ctx) =>
  signedIn(ctx, await signIn({ db: ctx.db, ...input, ...sessionOptions(ctx) }));
