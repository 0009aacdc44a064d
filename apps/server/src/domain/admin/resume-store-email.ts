import { AppError, MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { storeEmailSettings, stores } from '#src/db/schema/index.ts';
import { ADMIN_AUDIT_ACTIONS, writeAdminAudit } from './admin-audit.ts';

/**
 * Lets a store whose email sending was paused (complaint rate past the threshold) send again, once
 * an operator has looked at why. The complaint history stays, so the next complaint over the
 * threshold pauses it again. One transaction with its audit row; `changed` is false when the store
 * was not paused.
 */
export async function resumeStoreEmail(options: { db: Database; slug: string; actorId: string; reason: string | null; now: Date }) {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    const [store] = await tx.select({ id: stores.id, slug: stores.slug }).from(stores).where(eq(stores.slug, options.slug));
    if (!store) throw new AppError('not-found', MESSAGES.stores.notFound);
    const [settings] = await tx.select().from(storeEmailSettings).where(eq(storeEmailSettings.storeId, store.id)).for('update');
    if (!settings?.pausedAt) return { store, changed: false };
    await tx.update(storeEmailSettings).set({ pausedAt: null, pausedReason: null, updatedAt: now }).where(eq(storeEmailSettings.storeId, store.id));
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: store.id,
      action: ADMIN_AUDIT_ACTIONS.resumeStoreEmail,
      reason: options.reason,
      before: { pausedAt: settings.pausedAt.toISOString(), pausedReason: settings.pausedReason },
      after: { pausedAt: null, pausedReason: null },
      now,
    });
    return { store, changed: true };
  });
}
