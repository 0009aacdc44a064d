import { unpauseMyMembership as unpause } from '#src/domain/memberships/self-service/pause-my-membership.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const unpauseMyMembership: Handler<'unpauseMyMembership'> = async (input, ctx) => ({
  membership: await unpause({ db: ctx.db, now: ctx.now(), env: ctx.env }, { ...input, ...customerOf(ctx, input.storeId) }),
});
