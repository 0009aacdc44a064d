import { reactivateUser as reactivate } from '#src/domain/admin/reactivate-user.ts';
import type { Handler } from '../types.ts';
import { adminCallerId } from './admin-caller-id.ts';

/** Lets the user sign in again; their deactivated stores come back. */
export const reactivateUser: Handler<'reactivateUser'> = (input, ctx) =>
  reactivate({ db: ctx.db, userId: input.userId, actorId: adminCallerId(ctx), reason: input.reason, now: ctx.now() });
