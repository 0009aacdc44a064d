import { unlockUserMfa as unlock } from '#src/domain/admin/unlock-user-mfa.ts';
import type { Handler } from '../types.ts';
import { adminCallerId } from './admin-caller-id.ts';

/** Unlocks a TOTP factor locked by wrong codes. */
export const unlockUserMfa: Handler<'unlockUserMfa'> = (input, ctx) =>
  unlock({ db: ctx.db, userId: input.userId, actorId: adminCallerId(ctx), reason: input.reason, now: ctx.now() });
