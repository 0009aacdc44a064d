import { AppError } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { AUTH_TOKEN_KINDS, createAuthToken } from '#src/identity/auth-tokens.ts';
import { safeContinueUrl } from '#src/identity/continue-url.ts';
import { enqueueSignInLinkEmail } from '#src/identity/identity-emails.ts';
import { EMAIL_LINK_TTL_MS, PLATFORM_REALM } from '#src/identity/limits.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { countEmailSend } from '#src/identity/send-caps.ts';

/** The page of the web app that finishes an email-link sign-in. */
export const EMAIL_LINK_PATH = '/login/email-link';

/**
 * Spec §7 email-link sign-in, first step: a 15-minute single-use link, mailed whether or not the
 * account exists (a link may create it). Counts against the same per-email and per-IP caps as
 * verification codes.
 */
export async function sendSignInLink(options: {
  db: Database;
  env: Env;
  email: string;
  continueUrl: string;
  ip: string;
  now: Date;
}): Promise<{ sent: true }> {
  const { db, env, email, now } = options;
  const continueUrl = safeContinueUrl(options.continueUrl, env);
  if (!continueUrl) throw new AppError('invalid-argument', IDENTITY_MESSAGES.continueUrlInvalid);
  await db.transaction(async (tx) => {
    await countEmailSend(tx, { email, ip: options.ip, perIpPerHour: env.emailSendsPerIpPerHour, now });
    const { token } = await createAuthToken(tx, {
      kind: AUTH_TOKEN_KINDS.emailLink,
      realm: PLATFORM_REALM,
      email,
      ttlMs: EMAIL_LINK_TTL_MS,
      now,
    });
    const url = new URL(`${env.publicUrl}${EMAIL_LINK_PATH}`);
    url.searchParams.set('token', token);
    url.searchParams.set('email', email);
    url.searchParams.set('continueUrl', continueUrl);
    await enqueueSignInLinkEmail(tx, { email, url: url.toString() });
  });
  return { sent: true };
}
