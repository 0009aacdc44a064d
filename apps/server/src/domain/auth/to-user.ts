import type { User } from '@shopfront/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import { mfaFactors, users, type UserRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

/** Spec §3 User as clients see it (UserSchema): no hash, no token, no secret. */
export function toUser(row: UserRow & { mfaEnabled?: boolean }): User {
  return {
    uid: row.id,
    email: row.email,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    role: 'creator',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    hasStore: row.hasStore,
    isActive: row.isActive,
    isAdmin: row.isAdmin,
    storeCount: row.storeCount,
    activeStoreId: row.activeStoreId,
    storeId: row.activeStoreId,
    photoURL: row.photoUrl,
    emailVerified: row.emailVerified,
    mfaEnabled: row.mfaEnabled ?? false,
    subscription: { planId: row.planId },
  };
}

export async function isMfaEnabled(db: Executor, userId: string): Promise<boolean> {
  const [factor] = await db
    .select({ userId: mfaFactors.userId })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.enabledAt)));
  return Boolean(factor);
}

/** One user with their MFA state; null when the row does not exist. */
export async function getUserView(db: Executor, userId: string): Promise<User | null> {
  // One round trip: the user and their MFA factor together.
  const [row] = await db
    .select({ user: users, mfaEnabledAt: mfaFactors.enabledAt })
    .from(users)
    .leftJoin(mfaFactors, eq(mfaFactors.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return toUser({ ...row.user, mfaEnabled: row.mfaEnabledAt !== null });
}
