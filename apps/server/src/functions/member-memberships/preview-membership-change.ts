import { previewMembershipChange as preview } from '#src/domain/memberships/self-service/change-my-membership-tier.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const previewMembershipChange: Handler<'previewMembershipChange'> = async (input, ctx) => ({
  preview: await preview({ db: ctx.db, now: ctx.now() }, { ...input, ...customerOf(ctx, input.storeId) }),
});
