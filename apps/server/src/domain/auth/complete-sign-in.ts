import { AppError, MESSAGES, type SignInResult } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '#src/db/client.ts';
import { users, type UserRow } from '#src/db/schema/index.ts';
import { AUTH_TOKEN_KINDS, createAuthToken } from '#src/identity/auth-tokens.ts';
import { MFA_TOKEN_TTL_MS, PLATFORM_REALM } from '#src/identity/limits.ts';
import { createSession } from '#src/identity/sessions.ts';
import { forgiveSignInAttempt, type SignInAttempt } from '#src/identity/sign-in-throttle.ts';
import { isMfaEnabled, toUser } from './to-user.ts';

/** What a sign-in needs from its surroundings: a FunctionContext has it all, the OAuth callback builds it. */
export interface SignInContext {
  db: Database;
  now: () => Date;
  request: { ip: string; headers: IncomingHttpHeaders };
  /** Sets the browser's session cookie on the reply. */
  reply: { setSessionCookie(token: string, expiresAt: Date): void };
}

/**
 * The end of every creator sign-in (password, email link, OAuth): a disabled account is refused;
 * with TOTP enabled the answer is "multi-factor required" (spec §4) and no session exists yet;
 * otherwise a new session is created, set as the cookie and returned as the idToken.
 * A password attempt is forgiven by the throttle only here, when no second factor is needed;
 * otherwise the challenge carries it and completeMfaSignIn forgives it once the factor succeeds.
 */
export async function completeSignIn(ctx: SignInContext, userId: string, passwordAttempt?: SignInAttempt): Promise<SignInResult> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('unauthenticated', MESSAGES.auth.invalidCredentials);
  if (!user.isActive) throw new AppError('permission-denied', MESSAGES.auth.userDisabled);
  if (await isMfaEnabled(ctx.db, user.id)) {
    const { token } = await createAuthToken(ctx.db, {
      kind: AUTH_TOKEN_KINDS.mfa,
      realm: PLATFORM_REALM,
      userId: user.id,
      email: user.email,
      ttlMs: MFA_TOKEN_TTL_MS,
      now: ctx.now(),
      ...(passwordAttempt ? { data: encodePasswordAttempt(passwordAttempt) } : {}),
    });
    return { status: 'mfa-required', mfaToken: token, factors: ['totp'] };
  }
  if (passwordAttempt) await forgiveSignInAttempt(ctx.db, passwordAttempt);
  return issueSession(ctx, user, false);
}

/** A session for a user who passed every factor. */
export async function issueSession(ctx: SignInContext, user: UserRow, mfaEnabled: boolean): Promise<SignInResult> {
  const { token, expiresAt } = await createSession(ctx.db, {
    realm: PLATFORM_REALM,
    userId: user.id,
    userAgent: headerText(ctx.request.headers['user-agent']),
    ip: ctx.request.ip,
    mfaVerified: mfaEnabled,
    now: ctx.now(),
  });
  ctx.reply.setSessionCookie(token, expiresAt);
  return {
    status: 'signed-in',
    user: toUser({ ...user, mfaEnabled }),
    idToken: token,
    expiresAt: expiresAt.toISOString(),
  };
}

function headerText(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function encodePasswordAttempt(attempt: SignInAttempt): string {
  return JSON.stringify({ passwordAttempt: { email: attempt.email, ip: attempt.ip, at: attempt.now.toISOString() } });
}

/** The password attempt an MFA challenge carries, if the sign-in started with a password. */
export function decodePasswordAttempt(data: string | null): SignInAttempt | null {
  if (!data) return null;
  const parsed = JSON.parse(data) as { passwordAttempt?: { email: string; ip: string; at: string } };
  const attempt = parsed.passwordAttempt;
  return attempt ? { email: attempt.email, ip: attempt.ip, now: new Date(attempt.at) } : null;
}
