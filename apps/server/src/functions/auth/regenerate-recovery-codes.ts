import { regenerateRecoveryCodes as regenerate } from '#src/domain/auth/recovery-codes.ts';
import type { Handler } from '../types.ts';
import { creatorId } from './creator-id.ts';

export const regenerateRecoveryCodes: Handler<'regenerateRecoveryCodes'> = (input, ctx) =>
  regenerate({ db: ctx.db, env: ctx.env, userId: creatorId(ctx), code: input.code, ip: ctx.request.ip, now: ctx.now() });
