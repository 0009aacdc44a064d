// Exports resolveOAuthUser: "OAuth" keeps its capitals, as everywhere else in the code.
import { AppError, type AuthProviderId } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { oauthAccounts } from '#src/db/schema/index.ts';
import { findOrCreateUserByEmail } from './find-or-create-user-by-email.ts';
import { OAUTH_FAILURES, OAUTH_MESSAGES, OAuthFlowError } from '#src/identity/oauth/oauth-errors.ts';
import type { ProviderIdentity } from '#src/identity/oauth/types.ts';

/**
 * The user a provider identity signs in as. An account already linked by (provider, provider
 * user id) wins. Otherwise a provider-verified email links the existing user with that email,
 * or creates one (spec §4, role creator) — which is a signup, so it is refused while signups are
 * closed (findOrCreateUserByEmail fails closed) while existing users still get in.
 */
export async function resolveOAuthUser(
  db: Database,
  options: { provider: AuthProviderId; label: string; identity: ProviderIdentity; now: Date },
): Promise<string> {
  const { provider, label, identity, now } = options;
  const linked = await findLinkedUserId(db, provider, identity.providerUserId);
  if (linked) return linked;
  if (identity.email === null) throw new OAuthFlowError(OAUTH_FAILURES.emailMissing, OAUTH_MESSAGES.emailMissing(label));
  if (!identity.emailVerified) throw new OAuthFlowError(OAUTH_FAILURES.emailUnverified, OAUTH_MESSAGES.emailUnverified(label));
  const email = identity.email;

  return db.transaction(async (tx) => {
    let userId: string;
    try {
      const user = await findOrCreateUserByEmail(tx, {
        email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        displayName: identity.displayName,
        photoUrl: identity.photoUrl,
        emailVerified: true,
        now,
      });
      userId = user.id;
    } catch (error) {
      if (error instanceof AppError && (error.details as { signupsOpen?: unknown } | undefined)?.signupsOpen === false) {
        throw new OAuthFlowError(OAUTH_FAILURES.signupsClosed, OAUTH_MESSAGES.signupsClosed);
      }
      throw error;
    }
    await tx
      .insert(oauthAccounts)
      .values({ provider, providerUserId: identity.providerUserId, userId, email, createdAt: now })
      .onConflictDoNothing();
    // A parallel callback for the same provider account may have linked it first: its row wins.
    return (await findLinkedUserId(tx, provider, identity.providerUserId)) ?? userId;
  });
}

async function findLinkedUserId(db: Pick<Database, 'select'>, provider: string, providerUserId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .limit(1);
  return row?.userId ?? null;
}
