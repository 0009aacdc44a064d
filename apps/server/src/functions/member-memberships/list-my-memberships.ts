import { listMyMemberships as list } from '#src/domain/memberships/self-service/list-my-memberships.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const listMyMemberships: Handler<'listMyMemberships'> = async (input, ctx) => ({
  memberships: await list({ db: ctx.db, now: ctx.now() }, { storeId: input.storeId, ...customerOf(ctx, input.storeId) }),
});
