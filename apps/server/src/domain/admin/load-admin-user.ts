import { AppError, MESSAGES, type AdminUserDetail, type StoreOfflineReason } from '@shopfront/core';
import { and, asc, eq, max } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { PLATFORM_REALM } from '#src/identity/limits.ts';
import { credentials, mfaFactors, oauthAccounts, sessions, stores, users, type StoreRow, type UserRow } from '#src/db/schema/index.ts';

/** A store as the admin screens show it (offline state included). */
export function toAdminUserStore(row: Pick<StoreRow, 'id' | 'slug' | 'name' | 'publishedAt' | 'offlineReason' | 'offlineNote'>) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    offlineReason: (row.offlineReason ?? null) as StoreOfflineReason | null,
    offlineNote: row.offlineNote ?? null,
  };
}

/** The user's display name, else first and last name; null when none is set. */
export function adminUserName(user: Pick<UserRow, 'displayName' | 'firstName' | 'lastName'>): string | null {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return user.displayName || full || null;
}

/**
 * A user as the admin detail screen shows them: stores with their offline state, plan, sign-in
 * methods, MFA and the latest session activity. Spec §8 "User not found." when there is none.
 */
export async function loadAdminUser(db: Executor, userId: string): Promise<AdminUserDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not-found', MESSAGES.admin.userNotFound);
  const [storeRows, [password], providers, [factor], [lastSession]] = await Promise.all([
    db.select().from(stores).where(eq(stores.creatorId, userId)).orderBy(asc(stores.createdAt)),
    db.select({ userId: credentials.userId }).from(credentials).where(eq(credentials.userId, userId)),
    db.select({ provider: oauthAccounts.provider }).from(oauthAccounts).where(eq(oauthAccounts.userId, userId)).orderBy(asc(oauthAccounts.provider)),
    db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)),
    db.select({ at: max(sessions.lastSeenAt) }).from(sessions).where(and(eq(sessions.realm, PLATFORM_REALM), eq(sessions.userId, userId))),
  ]);
  return {
    id: user.id,
    email: user.email,
    name: adminUserName(user),
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    planId: user.planId,
    storeCount: storeRows.length,
    createdAt: user.createdAt.toISOString(),
    stores: storeRows.map(toAdminUserStore),
    signInMethods: {
      password: Boolean(password),
      // Email-link sign-in works for any verified address.
      emailLink: user.emailVerified,
      oauthProviders: [...new Set(providers.map((row) => row.provider))],
    },
    mfa: { enabled: Boolean(factor?.enabledAt), lockedAt: factor?.lockedAt?.toISOString() ?? null },
    lastSignInAt: lastSession?.at ? new Date(lastSession.at).toISOString() : null,
  };
}
