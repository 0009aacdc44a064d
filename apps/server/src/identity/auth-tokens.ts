import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { authTokens } from '../db/schema/index.ts';
import type { Executor } from '../db/executor.ts';
import { hashToken, newSecretToken } from './tokens.ts';

/** Single-use tokens in auth_tokens (OAuth state is the oauth module's own kind). */
export const AUTH_TOKEN_KINDS = { emailLink: 'email-link', mfa: 'mfa' } as const;
export type AuthTokenKind = (typeof AUTH_TOKEN_KINDS)[keyof typeof AUTH_TOKEN_KINDS];

export type AuthTokenRow = typeof authTokens.$inferSelect;

export async function createAuthToken(
  db: Executor,
  options: { kind: AuthTokenKind; realm: string; email?: string; userId?: string; data?: string; ttlMs: number; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const expiresAt = new Date(options.now.getTime() + options.ttlMs);
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    kind: options.kind,
    realm: options.realm,
    email: options.email ?? null,
    userId: options.userId ?? null,
    data: options.data ?? null,
    expiresAt,
    createdAt: options.now,
  });
  return { token, expiresAt };
}

/** The token's row whatever its state (to explain a refusal). */
export async function getAuthToken(db: Executor, kind: AuthTokenKind, token: string): Promise<AuthTokenRow | null> {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind)));
  return row ?? null;
}

/**
 * Uses the token up in one conditional UPDATE (unused, unexpired, under `maxAttempts` failures),
 * so two parallel submissions cannot both succeed. Null when it is not usable.
 */
export async function consumeAuthToken(
  db: Executor,
  options: { kind: AuthTokenKind; token: string; now: Date; email?: string; maxAttempts?: number },
): Promise<AuthTokenRow | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(options.token)),
        eq(authTokens.kind, options.kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, options.now),
        options.email === undefined ? undefined : eq(authTokens.email, options.email),
        options.maxAttempts === undefined ? undefined : lt(authTokens.attempts, options.maxAttempts),
      ),
    )
    .returning();
  return row ?? null;
}

/** One more failed try on a token (MFA challenge); answers the new count. */
export async function countAuthTokenFailure(db: Executor, kind: AuthTokenKind, token: string): Promise<number> {
  const [row] = await db
    .update(authTokens)
    .set({ attempts: sql`${authTokens.attempts} + 1` })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind)))
    .returning({ attempts: authTokens.attempts });
  return row?.attempts ?? 0;
}
