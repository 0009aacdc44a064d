import { confirmTotpEnrollment as confirm } from '#src/domain/auth/totp-enrollment.ts';
import type { Handler } from '../types.ts';
import { creatorId } from './creator-id.ts';

export const confirmTotpEnrollment: Handler<'confirmTotpEnrollment'> = (input, ctx) =>
  confirm({ db: ctx.db, env: ctx.env, userId: creatorId(ctx), code: input.code, now: ctx.now() });
