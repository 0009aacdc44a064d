import { getUserView } from '#src/domain/auth/to-user.ts';
import type { Handler } from '../types.ts';

/** Null when signed out, so the web app can ask without an error. */
export const getCurrentUser: Handler<'getCurrentUser'> = async (_input, ctx) => {
  if (ctx.caller?.kind !== 'creator') return null;
  return getUserView(ctx.db, ctx.caller.userId);
};
