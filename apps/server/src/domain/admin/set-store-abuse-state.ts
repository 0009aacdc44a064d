import { AppError, ADMIN_USER_MESSAGES, MESSAGES, type AdminUserStore } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { stores, users } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { ADMIN_AUDIT_ACTIONS, writeAdminAudit } from './admin-audit.ts';
import { toAdminUserStore } from './load-admin-user.ts';
import { reapplyStoreLimit } from '../billing/apply-store-limit.ts';

export interface SetStoreAbuseStateOptions {
  db: Database;
  storeId: string;
  /** true: unpublish for abuse; false: restore a store unpublished for abuse. */
  unpublished: boolean;
  actorId: string;
  reason: string;
  now: Date;
}

/**
 * Unpublishes a store for abuse (the reason is kept as the note its owner sees; visitors only see
 * "offline"), or restores it: back online, 'owner-deactivated' while its owner is deactivated, or
 * 'plan-limit' when the owner's plan has no room for it beside the stores online now.
 * Restoring a store that is not unpublished for abuse is refused. One transaction with its audit
 * row; every server's storefront cache drops the store on commit.
 */
export async function setStoreAbuseState(options: SetStoreAbuseStateOptions): Promise<AdminUserStore> {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ store: stores, ownerActive: users.isActive })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.creatorId))
      .where(eq(stores.id, options.storeId))
      .for('update', { of: stores });
    if (!row) throw new AppError('not-found', MESSAGES.stores.notFound);
    const { store } = row;
    if (options.unpublished && store.offlineReason === 'abuse' && store.offlineNote === options.reason) return toAdminUserStore(store);
    if (!options.unpublished && store.offlineReason !== 'abuse') throw new AppError('failed-precondition', ADMIN_USER_MESSAGES.storeNotUnpublished);
    const next = options.unpublished
      ? { offlineReason: 'abuse' as const, offlineNote: options.reason }
      : { offlineReason: row.ownerActive ? null : ('owner-deactivated' as const), offlineNote: null };
    let [updated] = await tx.update(stores).set({ ...next, updatedAt: now }).where(eq(stores.id, store.id)).returning();
    await notifyStorefrontChanged(tx, store.id);
    if (!options.unpublished && next.offlineReason === null) {
      // Back online only if the owner's plan has room beside the stores that stayed online.
      const limited = await reapplyStoreLimit(tx, { userId: store.creatorId, returning: [store.id] });
      if (limited.offline.includes(store.id)) [updated] = await tx.select().from(stores).where(eq(stores.id, store.id));
    }
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: store.id,
      action: options.unpublished ? ADMIN_AUDIT_ACTIONS.unpublishStore : ADMIN_AUDIT_ACTIONS.restoreStore,
      reason: options.reason,
      before: { ownerId: store.creatorId, offlineReason: store.offlineReason, offlineNote: store.offlineNote },
      after: { ownerId: store.creatorId, offlineReason: updated?.offlineReason ?? next.offlineReason, offlineNote: updated?.offlineNote ?? next.offlineNote },
      now,
    });
    return toAdminUserStore(updated ?? { ...store, ...next });
  });
}
