import { startTotpEnrollment as start } from '#src/domain/auth/totp-enrollment.ts';
import type { Handler } from '../types.ts';
import { creatorId } from './creator-id.ts';

export const startTotpEnrollment: Handler<'startTotpEnrollment'> = (_input, ctx) =>
  start({ db: ctx.db, env: ctx.env, userId: creatorId(ctx), now: ctx.now() });
