import type { AuthProviderId } from '@shopfront/core';
import { generateCodeVerifier } from 'arctic';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { authTokens } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { PLATFORM_REALM } from '../limits.ts';
import { hashToken, newSecretToken } from '../tokens.ts';
import { constantTimeEquals } from './verify-id-token.ts';

/**
 * OAuth `state` (SECURITY "Payments and webhooks": random, single use, bound to the browser).
 * 32 random bytes, stored only as a hash in auth_tokens (kind 'oauth-state') for 10 minutes,
 * with the hash of a second random value that lives in the browser's `sf_oauth` cookie. The PKCE
 * verifier and the nonce stay on the server, in the row.
 */
export const OAUTH_STATE_KIND = 'oauth-state';
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
export const OAUTH_MODES = ['redirect', 'popup'] as const;
export type OAuthMode = (typeof OAUTH_MODES)[number];

const StateDataSchema = z.object({
  provider: z.string(),
  bindingHash: z.string(),
  codeVerifier: z.string(),
  nonce: z.string(),
  origin: z.string(),
  mode: z.enum(OAUTH_MODES),
});
export type OAuthStateData = z.infer<typeof StateDataSchema>;

/** What the browser gets: `state` goes to the provider, `binding` into the cookie. */
export interface NewOAuthState {
  state: string;
  binding: string;
  codeVerifier: string;
  nonce: string;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function createOAuthState(
  db: Executor,
  options: { provider: AuthProviderId; origin: string; mode: OAuthMode; now: Date },
): Promise<NewOAuthState> {
  const created = { state: newSecretToken(), binding: newSecretToken(), codeVerifier: generateCodeVerifier(), nonce: newSecretToken() };
  const data: OAuthStateData = {
    provider: options.provider,
    bindingHash: hashToken(created.binding),
    codeVerifier: created.codeVerifier,
    nonce: created.nonce,
    origin: options.origin,
    mode: options.mode,
  };
  // Abandoned attempts are swept here (index on expires_at) so the table cannot grow without end.
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.kind, OAUTH_STATE_KIND), lt(authTokens.expiresAt, new Date(options.now.getTime() - OAUTH_STATE_TTL_MS))));
  await db.insert(authTokens).values({
    tokenHash: hashToken(created.state),
    kind: OAUTH_STATE_KIND,
    realm: PLATFORM_REALM,
    data: JSON.stringify(data),
    expiresAt: new Date(options.now.getTime() + OAUTH_STATE_TTL_MS),
    createdAt: options.now,
  });
  return created;
}

export type StateRefusal = 'missing' | 'unknown' | 'used' | 'expired' | 'binding' | 'provider';
export type ConsumedState = { ok: true; data: OAuthStateData } | { ok: false; reason: StateRefusal };

/**
 * Marks the state used (one atomic update, so two callbacks with one state give one winner)
 * and only then checks expiry, the browser binding and the provider. Any attempt uses it up.
 */
export async function consumeOAuthState(
  db: Executor,
  options: { state: unknown; binding: string | null; provider: string; now: Date },
): Promise<ConsumedState> {
  if (typeof options.state !== 'string' || !TOKEN_SHAPE.test(options.state)) return { ok: false, reason: 'missing' };
  const tokenHash = hashToken(options.state);
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: options.now, attempts: sql`${authTokens.attempts} + 1` })
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, OAUTH_STATE_KIND), isNull(authTokens.usedAt)))
    .returning();
  if (!row) {
    const [spent] = await db
      .select({ tokenHash: authTokens.tokenHash })
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, OAUTH_STATE_KIND)))
      .limit(1);
    return { ok: false, reason: spent ? 'used' : 'unknown' };
  }
  const parsed = StateDataSchema.safeParse(JSON.parse(row.data ?? 'null'));
  if (!parsed.success) return { ok: false, reason: 'unknown' };
  const data = parsed.data;
  if (row.expiresAt.getTime() <= options.now.getTime()) return { ok: false, reason: 'expired' };
  if (options.binding === null || !constantTimeEquals(hashToken(options.binding), data.bindingHash)) {
    return { ok: false, reason: 'binding' };
  }
  if (data.provider !== options.provider) return { ok: false, reason: 'provider' };
  return { ok: true, data };
}
