import { revokeSession } from '#src/identity/sessions.ts';
import type { Handler } from '../types.ts';

/** Ends this session (Bearer or cookie) and clears the cookie; signed out already is fine. */
export const signOut: Handler<'signOut'> = async (_input, ctx) => {
  const token = ctx.tokens.session();
  if (token) await revokeSession(ctx.db, token);
  ctx.reply.clearSessionCookie();
  return { signedOut: true };
};
