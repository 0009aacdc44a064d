import { AppError, MESSAGES } from '@shopfront/core';
import { initializeFirstAdmin as makeFirstAdmin } from '#src/domain/admin/initialize-first-admin.ts';
import type { Handler } from '../types.ts';

/** Spec §7 initializeFirstAdmin (development only: its contract is `devOnly`). */
export const initializeFirstAdmin: Handler<'initializeFirstAdmin'> = (_input, ctx) => {
  if (ctx.caller?.kind !== 'creator') throw new AppError('unauthenticated', MESSAGES.admin.unauthenticated);
  return makeFirstAdmin({ db: ctx.db, userId: ctx.caller.userId, now: ctx.now() });
};
