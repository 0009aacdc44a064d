import { resumeMyMembership as resume } from '#src/domain/memberships/self-service/cancel-my-membership.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const resumeMyMembership: Handler<'resumeMyMembership'> = async (input, ctx) => ({
  membership: await resume({ db: ctx.db, now: ctx.now(), env: ctx.env }, { ...input, ...customerOf(ctx, input.storeId) }),
});
