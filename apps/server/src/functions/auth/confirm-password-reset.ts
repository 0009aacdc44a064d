import { confirmPasswordReset as confirm } from '#src/domain/auth/confirm-password-reset.ts';
import type { Handler } from '../types.ts';

export const confirmPasswordReset: Handler<'confirmPasswordReset'> = (input, ctx) =>
  confirm({ db: ctx.db, env: ctx.env, ...input, ip: ctx.request.ip, now: ctx.now() });
