import { confirmTotpEnrollment as confirm } from '#src/domain/auth/totp-enrollment.ts';
import { markSessionMfaVerified } from '#src/identity/sessions.ts';
import type { Handler } from '../types.ts';
import { creatorId } from './creator-id.ts';

/** Enrolling proves the factor in this session, so the session counts as MFA-verified from now on. */
export const confirmTotpEnrollment: Handler<'confirmTotpEnrollment'> = async (input, ctx) => {
  const result = await confirm({ db: ctx.db, env: ctx.env, userId: creatorId(ctx), code: input.code, now: ctx.now() });
  const token = ctx.tokens.session();
  if (token) await markSessionMfaVerified(ctx.db, token, ctx.now());
  return result;
};
