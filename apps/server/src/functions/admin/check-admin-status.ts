import { AppError, MESSAGES } from '@shopfront/core';
import { getAdminStatus } from '#src/domain/admin/find-admins.ts';
import type { Handler } from '../types.ts';

/**
 * Spec §7 checkAdminStatus → {isAdmin}, read from the database rather than the session, and
 * `mfaVerified` (this session proved TOTP), so the admin page can ask for enrolment first.
 */
export const checkAdminStatus: Handler<'checkAdminStatus'> = async (_input, ctx) => {
  if (ctx.caller?.kind !== 'creator') throw new AppError('unauthenticated', MESSAGES.admin.unauthenticated);
  const status = await getAdminStatus({ db: ctx.db, userId: ctx.caller.userId });
  return { ...status, mfaVerified: ctx.caller.mfaVerified };
};
