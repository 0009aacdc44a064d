import { sendVerificationCode as send } from '#src/domain/auth/send-verification-code.ts';
import type { Handler } from '../types.ts';

export const sendVerificationCode: Handler<'sendVerificationCode'> = (input, ctx) =>
  send({ db: ctx.db, env: ctx.env, email: input.email, type: input.type, ip: ctx.request.ip, now: ctx.now() });
