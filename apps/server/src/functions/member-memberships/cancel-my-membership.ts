import { cancelMyMembership as cancel } from '#src/domain/memberships/self-service/cancel-my-membership.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const cancelMyMembership: Handler<'cancelMyMembership'> = async (input, ctx) => ({
  membership: await cancel({ db: ctx.db, now: ctx.now(), env: ctx.env }, { ...input, ...customerOf(ctx, input.storeId) }),
});
