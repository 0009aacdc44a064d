import { archiveMembershipTier as archiveInDb } from '#src/domain/memberships/creator/archive-membership-tier.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const archiveMembershipTier: Handler<'archiveMembershipTier'> = (input, ctx) =>
  archiveInDb({ db: ctx.db, now: ctx.now() }, { userId: creatorId(ctx), ...input });
