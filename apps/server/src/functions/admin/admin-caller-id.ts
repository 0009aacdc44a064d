import { AppError, MESSAGES } from '@shopfront/core';
import type { FunctionContext } from '../types.ts';

/** The signed-in admin's user id (assertAccess already refused everyone else), for the audit row. */
export function adminCallerId(ctx: FunctionContext): string {
  if (ctx.caller?.kind !== 'creator') throw new AppError('unauthenticated', MESSAGES.admin.unauthenticated);
  return ctx.caller.userId;
}
