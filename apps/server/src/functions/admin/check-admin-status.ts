import { AppError, MESSAGES } from '@shopfront/core';
import { getAdminStatus } from '#src/domain/admin/find-admins.ts';
import type { Handler } from '../types.ts';

/** Spec §7 checkAdminStatus → {isAdmin}, read from the database rather than the session. */
export const checkAdminStatus: Handler<'checkAdminStatus'> = (_input, ctx) => {
  if (ctx.caller?.kind !== 'creator') throw new AppError('unauthenticated', MESSAGES.admin.unauthenticated);
  return getAdminStatus({ db: ctx.db, userId: ctx.caller.userId });
};
