import { updateMembershipTier as updateInDb } from '#src/domain/memberships/creator/update-membership-tier.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateMembershipTier: Handler<'updateMembershipTier'> = ({ storeId, tierId, ...changes }, ctx) =>
  updateInDb({ db: ctx.db, now: ctx.now() }, { userId: creatorId(ctx), storeId, tierId, changes });
