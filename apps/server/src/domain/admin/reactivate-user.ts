import type { AdminUserDetail } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { stores, users } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { ADMIN_AUDIT_ACTIONS, writeAdminAudit } from './admin-audit.ts';
import { findAdminTarget } from './find-admin-target.ts';
import { loadAdminUser } from './load-admin-user.ts';
import { reapplyStoreLimit } from '../billing/apply-store-limit.ts';

/**
 * Lets a deactivated user sign in again and brings back the stores deactivation took offline;
 * stores offline for abuse or a plan limit stay offline. One transaction with its audit row; a
 * no-op when already active.
 */
export async function reactivateUser(options: { db: Database; userId: string; actorId: string; reason: string; now: Date }): Promise<AdminUserDetail> {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    const user = await findAdminTarget(tx, { userId: options.userId });
    if (user.isActive) return loadAdminUser(tx, user.id);
    await tx.update(users).set({ isActive: true, updatedAt: now }).where(eq(users.id, user.id));
    const restored = await tx
      .update(stores)
      .set({ offlineReason: null, updatedAt: now })
      .where(and(eq(stores.creatorId, user.id), eq(stores.offlineReason, 'owner-deactivated')))
      .returning({ id: stores.id });
    for (const { id } of restored) await notifyStorefrontChanged(tx, id);
    // The plan may have dropped while the account was off: the stores beyond it stay offline.
    const limited = await reapplyStoreLimit(tx, { userId: user.id, returning: restored.map((row) => row.id) });
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: user.id,
      action: ADMIN_AUDIT_ACTIONS.reactivateUser,
      reason: options.reason,
      before: { isActive: false },
      after: { isActive: true, storesBroughtBack: restored.map((row) => row.id).filter((id) => !limited.offline.includes(id)) },
      now,
    });
    return loadAdminUser(tx, user.id);
  });
}
