import { findMyMembershipFiles } from '#src/domain/memberships/files/member-files.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const listMyMembershipFiles: Handler<'listMyMembershipFiles'> = async (input, ctx) => ({
  memberships: await findMyMembershipFiles(ctx.db, { env: ctx.env, now: ctx.now() }, { storeId: input.storeId, ...customerOf(ctx, input.storeId) }),
});
