import { deactivateUser as deactivate } from '#src/domain/admin/deactivate-user.ts';
import type { Handler } from '../types.ts';
import { adminCallerId } from './admin-caller-id.ts';

/** Ends the user's sessions and takes their stores offline. */
export const deactivateUser: Handler<'deactivateUser'> = (input, ctx) =>
  deactivate({ db: ctx.db, userId: input.userId, actorId: adminCallerId(ctx), reason: input.reason, now: ctx.now() });
