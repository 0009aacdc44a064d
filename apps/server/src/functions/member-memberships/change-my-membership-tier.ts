import { changeMyMembershipTier as change } from '#src/domain/memberships/self-service/change-my-membership-tier.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const changeMyMembershipTier: Handler<'changeMyMembershipTier'> = (input, ctx) =>
  change({ db: ctx.db, now: ctx.now(), env: ctx.env }, { ...input, ...customerOf(ctx, input.storeId) });
