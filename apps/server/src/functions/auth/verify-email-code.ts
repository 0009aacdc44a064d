import { verifyEmailCode as verify } from '#src/domain/auth/verify-email-code.ts';
import type { Handler } from '../types.ts';

export const verifyEmailCode: Handler<'verifyEmailCode'> = (input, ctx) =>
  verify({ db: ctx.db, env: ctx.env, email: input.email, code: input.code, type: input.type ?? 'signup', ip: ctx.request.ip, now: ctx.now() });
