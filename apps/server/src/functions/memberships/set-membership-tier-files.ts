import { setMembershipTierFiles as setInDb } from '#src/domain/memberships/creator/set-membership-tier-files.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const setMembershipTierFiles: Handler<'setMembershipTierFiles'> = (input, ctx) =>
  setInDb({ db: ctx.db, now: ctx.now() }, { userId: creatorId(ctx), ...input });
