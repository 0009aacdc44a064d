import { setAllowSignups as setInDb } from '#src/domain/admin/set-allow-signups.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/** Signups closed or reopened without maintenance (spec §3 allowSignups). */
export const setAllowSignups: Handler<'setAllowSignups'> = (input, ctx) =>
  setInDb({ db: ctx.db, allowSignups: input.allowSignups, actorId: creatorId(ctx), reason: input.reason || null, now: ctx.now() });
