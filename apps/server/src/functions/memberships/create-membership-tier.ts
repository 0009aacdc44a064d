import { createMembershipTier as createInDb } from '#src/domain/memberships/creator/create-membership-tier.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const createMembershipTier: Handler<'createMembershipTier'> = ({ storeId, productId, ...fields }, ctx) =>
  createInDb({ db: ctx.db, now: ctx.now() }, { userId: creatorId(ctx), storeId, productId, fields });
