import { replaceMyMembershipCard as replace } from '#src/domain/memberships/self-service/replace-my-membership-card.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const replaceMyMembershipCard: Handler<'replaceMyMembershipCard'> = (input, ctx) =>
  replace({ db: ctx.db, now: ctx.now() }, { ...input, ...customerOf(ctx, input.storeId) });
