import { reorderMembershipTiers as reorderInDb } from '#src/domain/memberships/creator/reorder-membership-tiers.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const reorderMembershipTiers: Handler<'reorderMembershipTiers'> = (input, ctx) =>
  reorderInDb({ db: ctx.db, now: ctx.now() }, { userId: creatorId(ctx), ...input });
