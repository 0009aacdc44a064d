import { pauseMyMembership as pause } from '#src/domain/memberships/self-service/pause-my-membership.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const pauseMyMembership: Handler<'pauseMyMembership'> = async (input, ctx) => ({
  membership: await pause({ db: ctx.db, now: ctx.now(), env: ctx.env }, { ...input, ...customerOf(ctx, input.storeId) }),
});
