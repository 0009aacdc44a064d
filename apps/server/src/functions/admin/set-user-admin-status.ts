import { grantAdmin } from '#src/domain/admin/grant-admin.ts';
import { revokeAdmin } from '#src/domain/admin/revoke-admin.ts';
import type { Handler } from '../types.ts';
import { adminCallerId } from './admin-caller-id.ts';

/** Spec §7 setUserAdminStatus: the same domain path as `npm run admin grant|revoke`. */
export const setUserAdminStatus: Handler<'setUserAdminStatus'> = (input, ctx) => {
  const target = input.userId !== undefined ? { userId: input.userId } : { email: input.email ?? '' };
  const options = { db: ctx.db, target, actorId: adminCallerId(ctx), reason: input.reason ?? null, now: ctx.now() };
  return input.isAdmin ? grantAdmin(options) : revokeAdmin(options);
};
