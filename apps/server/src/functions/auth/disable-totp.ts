import { disableTotp as disable } from '#src/domain/auth/totp-enrollment.ts';
import type { Handler } from '../types.ts';
import { creatorId } from './creator-id.ts';

export const disableTotp: Handler<'disableTotp'> = (input, ctx) =>
  disable({ db: ctx.db, env: ctx.env, userId: creatorId(ctx), code: input.code, ip: ctx.request.ip, now: ctx.now() });
