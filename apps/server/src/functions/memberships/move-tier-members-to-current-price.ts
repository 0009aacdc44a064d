import { moveTierMembersToCurrentPrice as move } from '#src/domain/memberships/creator/move-tier-members-to-current-price.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const moveTierMembersToCurrentPrice: Handler<'moveTierMembersToCurrentPrice'> = (input, ctx) =>
  move({ db: ctx.db, now: ctx.now() }, { userId: creatorId(ctx), ...input });
