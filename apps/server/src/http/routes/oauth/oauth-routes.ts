import { AppError, AuthProviderIdSchema, MESSAGES, type SignInResult } from '@shopfront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { appErrorForDatabaseFailure } from '#src/db/errors.ts';
import type { Env } from '#src/env.ts';
import { bindingCookieHeader, readBindingCookie } from './binding-cookie.ts';
import { resolveOAuthUser } from '#src/domain/auth/resolve-oauth-user.ts';
import { OAUTH_MESSAGES, OAuthFlowError } from '#src/identity/oauth/oauth-errors.ts';
import { consumeOAuthState, createOAuthState, type OAuthMode } from '#src/identity/oauth/oauth-state.ts';
import { createOAuthProviders } from '#src/identity/oauth/providers.ts';
import { DEFAULT_RETURN_PATH, safeReturnPath } from '@shopfront/core';
import type { OAuthProvider } from '#src/identity/oauth/types.ts';
import { hitLimit } from '#src/identity/rate-limits.ts';
import { completeSignIn } from '#src/domain/auth/complete-sign-in.ts';
import { sendOutcome, type Outcome } from './oauth-routes-outcome.ts';
import { setSessionCookie } from '#src/http/session-cookie.ts';

export interface OAuthRoutesOptions {
  env: Env;
  db: Database;
  now: () => Date;
}

/** Starts per client address per 10 minutes; a person retrying a few times stays far below. */
export const OAUTH_STARTS_PER_IP = { windowMs: 10 * 60_000, limit: 60 } as const;

type ProviderRequest = FastifyRequest<{ Params: { provider: string }; Querystring: Record<string, unknown> }>;

/**
 * Social and OpenID Connect sign-in for creators:
 *   GET /auth/oauth/:provider/start?origin=/path&mode=redirect|popup → 302 to the provider
 *   GET /auth/oauth/:provider/callback?code&state (or ?error=…) → session, then the origin
 * Redirect mode ends on the origin (signed in), `/login?mfa=…` (TOTP), `/login?oauth=cancelled`
 * or `/login?oauth=error&message=…`; popup mode ends on a page that posts the same to its opener.
 */
export async function oauthRoutes(app: FastifyInstance, options: OAuthRoutesOptions): Promise<void> {
  const { env, db, now } = options;
  // One client per enabled provider, for the app's lifetime (OIDC discovery and keys stay cached).
  const providers = createOAuthProviders(env);
  const providerFor = (name: string) => {
    const id = AuthProviderIdSchema.safeParse(name);
    return id.success ? providers.get(id.data) : undefined;
  };

  app.get('/auth/oauth/:provider/start', async (request: ProviderRequest, reply) => {
    const mode: OAuthMode = request.query.mode === 'popup' ? 'popup' : 'redirect';
    const origin = safeReturnPath(request.query.origin);
    const provider = providerFor(request.params.provider);
    if (!provider) return sendOutcome(reply, env, { mode, origin, kind: 'error', message: OAUTH_MESSAGES.unavailable });
    try {
      // Each start writes a row: a per-IP cap keeps a flood of starts from filling the table.
      const hit = await hitLimit(db, { key: `oauth-start:ip:${request.ip}`, ...OAUTH_STARTS_PER_IP }, now());
      if (!hit.allowed) return sendOutcome(reply, env, { mode, origin, kind: 'error', message: MESSAGES.verification.tooManyRequests });
      const started = await createOAuthState(db, { provider: provider.id, origin, mode, now: now() });
      const url = await provider.createAuthorizationUrl(started);
      reply.header('set-cookie', bindingCookieHeader(env, { mode, binding: started.binding }));
      return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
    } catch (error) {
      const message = failureMessage(request, provider, error);
      return sendOutcome(reply, env, { mode, origin, kind: 'error', message });
    }
  });

  app.get('/auth/oauth/:provider/callback', async (request: ProviderRequest, reply) => {
    const cookie = readBindingCookie(request.headers);
    // The binding is spent whatever happens next.
    reply.header('set-cookie', bindingCookieHeader(env, null)).header('referrer-policy', 'no-referrer');
    const provider = providerFor(request.params.provider);
    const fallback = { mode: cookie?.mode ?? 'redirect', origin: DEFAULT_RETURN_PATH } as const;
    if (!provider) return sendOutcome(reply, env, { ...fallback, kind: 'error', message: OAUTH_MESSAGES.unavailable });
    let ending: Outcome;
    try {
      ending = await finishSignIn(request, reply, provider, cookie);
    } catch (failure) {
      ending = { ...fallback, kind: 'error', message: failureMessage(request, provider, failure) };
    }
    return sendOutcome(reply, env, ending);
  });

  async function finishSignIn(
    request: ProviderRequest,
    reply: FastifyReply,
    provider: OAuthProvider,
    cookie: ReturnType<typeof readBindingCookie>,
  ): Promise<Outcome> {
    const { state, code, error } = request.query;
    const consumed = await consumeOAuthState(db, { state, binding: cookie?.binding ?? null, provider: provider.id, now: now() });
    // A refused state tells this browser nothing about the attempt it belonged to.
    const mode = consumed.ok ? consumed.data.mode : (cookie?.mode ?? 'redirect');
    const origin = consumed.ok ? safeReturnPath(consumed.data.origin) : DEFAULT_RETURN_PATH;

    if (error !== undefined) {
      // The person said no at the provider (RFC 6749 §4.1.2.1): not an error for them.
      if (error === 'access_denied') return { mode, origin, kind: 'cancelled' };
      request.log.warn({ provider: provider.id, providerError: String(error).slice(0, 64) }, 'oauth provider returned an error');
      return { mode, origin, kind: 'error', message: OAUTH_MESSAGES.failed(provider.label) };
    }
    if (!consumed.ok) {
      request.log.warn({ provider: provider.id, reason: consumed.reason }, 'oauth state refused');
      return { mode, origin, kind: 'error', message: OAUTH_MESSAGES.state };
    }
    if (typeof code !== 'string' || code.length === 0 || code.length > 2048) {
      return { mode, origin, kind: 'error', message: OAUTH_MESSAGES.failed(provider.label) };
    }

    let result: SignInResult;
    try {
      const { codeVerifier, nonce } = consumed.data;
      const identity = await provider.fetchIdentity({ code, codeVerifier, nonce, now: now() });
      const userId = await resolveOAuthUser(db, { provider: provider.id, label: provider.label, identity, now: now() });
      result = await completeSignIn(
        {
          db,
          now,
          request: { ip: request.ip, headers: request.headers },
          reply: { setSessionCookie: (token, expiresAt) => setSessionCookie(reply, env, token, expiresAt, now()) },
        },
        userId,
      );
    } catch (failure) {
      return { mode, origin, kind: 'error', message: failureMessage(request, provider, failure) };
    }
    if (result.status === 'mfa-required') return { mode, origin, kind: 'mfa-required', mfaToken: result.mfaToken };
    request.log.info({ provider: provider.id, userId: result.user.uid }, 'oauth sign-in');
    return { mode, origin, kind: 'signed-in' };
  }
}

/** A message the person may read; the reason goes to the log (never a code or token). */
function failureMessage(request: FastifyRequest, provider: OAuthProvider, error: unknown): string {
  if (error instanceof OAuthFlowError) {
    request.log.warn({ provider: provider.id, kind: error.kind, detail: error.detail }, 'oauth sign-in refused');
    return error.userMessage;
  }
  if (error instanceof AppError) {
    request.log.warn({ provider: provider.id, code: error.code }, 'oauth sign-in refused');
    if (error.code === 'permission-denied' && error.message === MESSAGES.auth.userDisabled) return OAUTH_MESSAGES.disabled;
    if (error.code === 'unavailable') return MESSAGES.generic.unavailable;
    return OAUTH_MESSAGES.failed(provider.label);
  }
  const unavailable = appErrorForDatabaseFailure(error);
  request.log.error({ provider: provider.id, error: summarise(error) }, 'oauth sign-in failed');
  return unavailable ? MESSAGES.generic.unavailable : OAUTH_MESSAGES.failed(provider.label);
}

/** Name and first message line only: a failed query's parameters (hashes, verifier) stay out. */
function summarise(error: unknown): { name: string; message: string } {
  if (!(error instanceof Error)) return { name: typeof error, message: '' };
  return { name: error.name, message: error.message.split('\n')[0]?.slice(0, 200) ?? '' };
}
