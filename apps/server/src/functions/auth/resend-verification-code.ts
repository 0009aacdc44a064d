import { sendVerificationCode as send } from '#src/domain/auth/send-verification-code.ts';
import type { Handler } from '../types.ts';

/** Spec §7: a resend is a send, under the same cooldown and caps. */
export const resendVerificationCode: Handler<'resendVerificationCode'> = (input, ctx) =>
  send({ db: ctx.db, env: ctx.env, email: input.email, type: input.type, ip: ctx.request.ip, now: ctx.now() });
