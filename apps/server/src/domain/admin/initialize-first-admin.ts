import { AppError, MESSAGES } from '@shopfront/core';
import { count, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { ADMIN_AUDIT_ACTIONS, lockAdminRoles, writeAdminAudit } from './admin-audit.ts';
import { findAdminTarget } from './find-admin-target.ts';

export const FIRST_ADMIN_REASON = 'initializeFirstAdmin: first admin of this installation';

/**
 * Spec §7 (development only): the caller becomes admin when no admin exists yet; otherwise
 * spec §8 Admin "permission denied". The advisory lock makes two first callers yield one admin.
 */
export async function initializeFirstAdmin(options: { db: Database; userId: string; now: Date }): Promise<{ isAdmin: true }> {
  const { db, userId, now } = options;
  return db.transaction(async (tx) => {
    await lockAdminRoles(tx);
    const [admins] = await tx.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
    if ((admins?.n ?? 0) > 0) throw new AppError('permission-denied', MESSAGES.admin.permissionDenied);
    const user = await findAdminTarget(tx, { userId });
    await tx.update(users).set({ isAdmin: true, updatedAt: now }).where(eq(users.id, user.id));
    await writeAdminAudit(tx, { actorId: userId, targetId: userId, action: ADMIN_AUDIT_ACTIONS.grantAdmin, reason: FIRST_ADMIN_REASON, now });
    return { isAdmin: true as const };
  });
}
