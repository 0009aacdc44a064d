import { AppError, ADMIN_USER_MESSAGES, type AdminUserDetail } from '@shopfront/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { stores, users } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { PLATFORM_REALM } from '#src/identity/limits.ts';
import { revokeAllSessions } from '#src/identity/sessions.ts';
import { ADMIN_AUDIT_ACTIONS, writeAdminAudit } from './admin-audit.ts';
import { findAdminTarget } from './find-admin-target.ts';
import { loadAdminUser } from './load-admin-user.ts';

/**
 * Deactivates a user: they cannot sign in, every session ends now, and each of their online
 * stores goes offline as 'owner-deactivated' (stores already offline for another reason keep it).
 * One transaction with its audit row; a no-op when already inactive. An admin cannot deactivate themself.
 */
export async function deactivateUser(options: { db: Database; userId: string; actorId: string; reason: string; now: Date }): Promise<AdminUserDetail> {
  const { db, now } = options;
  if (options.userId === options.actorId) throw new AppError('failed-precondition', ADMIN_USER_MESSAGES.cannotDeactivateSelf);
  return db.transaction(async (tx) => {
    const user = await findAdminTarget(tx, { userId: options.userId });
    if (!user.isActive) return loadAdminUser(tx, user.id);
    const online = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.creatorId, user.id), isNull(stores.offlineReason)))
      .for('update');
    const storeIds = online.map((row) => row.id);
    await tx.update(users).set({ isActive: false, updatedAt: now }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, { realm: PLATFORM_REALM, userId: user.id });
    if (storeIds.length > 0) {
      await tx.update(stores).set({ offlineReason: 'owner-deactivated', updatedAt: now }).where(inArray(stores.id, storeIds));
      for (const storeId of storeIds) await notifyStorefrontChanged(tx, storeId);
    }
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: user.id,
      action: ADMIN_AUDIT_ACTIONS.deactivateUser,
      reason: options.reason,
      before: { isActive: true },
      after: { isActive: false, storesTakenOffline: storeIds },
      now,
    });
    return loadAdminUser(tx, user.id);
  });
}
