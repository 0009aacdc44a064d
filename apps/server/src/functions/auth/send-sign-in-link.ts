import { sendSignInLink as send } from '#src/domain/auth/send-sign-in-link.ts';
import type { Handler } from '../types.ts';

export const sendSignInLink: Handler<'sendSignInLink'> = (input, ctx) =>
  send({ db: ctx.db, env: ctx.env, ...input, ip: ctx.request.ip, now: ctx.now() });
