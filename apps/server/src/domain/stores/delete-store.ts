import { AppError } from '@shopfront/core';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { stores, users } from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import type { Logger } from '#src/logger.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from './get-owned-store.ts';
import { notifyDraftChanged } from './notify-draft-changed.ts';
import { deleteTenantIdentities } from './delete-tenant.ts';
import { getTenantIdOfStore } from './find-creator-stores.ts';

export const CONFIRM_SLUG_MESSAGE = 'Type the store URL to confirm.';

export interface DeleteStoreOptions {
  db: Database;
  files: FileStorage;
  log: Pick<Logger, 'warn'>;
  userId: string;
  storeId: string;
  confirmSlug: string;
  now: Date;
}

/**
 * Spec §7 deleteStoreAndTenant. One transaction removes the store; its tenant, draft and domains
 * go with it (foreign keys cascade), and so do the tenant's customer identities. The slug is free
 * once it commits. The active store moves to the next one by creation date (spec §4). Files are
 * removed after the commit, so a rollback never loses them.
 */
export async function deleteStore(options: DeleteStoreOptions): Promise<{ activeStoreId: string | null }> {
  const { db, userId, storeId, now } = options;
  const result = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const store = await getOwnedStore(tx, { storeId, userId, lock: true });
    if (options.confirmSlug.trim().toLowerCase() !== store.slug) {
      throw new AppError('invalid-argument', CONFIRM_SLUG_MESSAGE);
    }
    const tenantId = await getTenantIdOfStore(tx, storeId);
    if (tenantId) await deleteTenantIdentities(tx, tenantId);
    await notifyStorefrontChanged(tx, storeId);
    await notifyDraftChanged(tx, storeId);
    await tx.delete(stores).where(and(eq(stores.id, storeId), eq(stores.creatorId, userId)));

    const [remaining] = await tx.select({ n: count() }).from(stores).where(eq(stores.creatorId, userId));
    const [next] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.creatorId, userId))
      .orderBy(asc(stores.createdAt), asc(stores.id))
      .limit(1);
    const n = remaining?.n ?? 0;
    // The foreign key already cleared active_store_id if it pointed at the deleted store.
    const [updated] = await tx
      .update(users)
      .set({
        storeCount: n,
        hasStore: n > 0,
        activeStoreId: sql`coalesce(${users.activeStoreId}, ${next?.id ?? null})`,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning({ activeStoreId: users.activeStoreId });
    return { activeStoreId: updated?.activeStoreId ?? null };
  });
  try {
    await options.files.deletePrefix(storeId);
  } catch (error) {
    options.log.warn({ err: error, storeId }, 'files of a deleted store could not be removed');
  }
  return result;
}
