import { customerResetPassword as reset } from '#src/domain/members/customer-reset-password.ts';
import type { Handler } from '../types.ts';
import { sessionOptions, signedIn } from './member-context.ts';

export const customerResetPassword: Handler<'customerResetPassword'> = async (input, ctx) =>
  signedIn(ctx, await reset({ db: ctx.db, env: ctx.env, ...input, ...sessionOptions(ctx) }));
