import { AppError, BILLING_MESSAGES, storeLimitForPlan } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { subscriptions, users } from '#src/db/schema/index.ts';
import { applyStoreLimit } from './apply-store-limit.ts';
import { ownedStoreIds } from './owned-store-ids.ts';

/**
 * The creator picks which stores stay published within their current plan's limit (after a
 * downgrade, a cancellation or the end of a grace period, or to bring stores back after an
 * upgrade). The choice is kept for later plan changes; the others go offline with their data.
 */
export async function choosePublishedStores(db: Database, options: { userId: string; storeIds: readonly string[] }): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ planId: users.planId }).from(users).where(eq(users.id, options.userId)).for('update');
    if (!user) throw new AppError('unauthenticated');
    const keep = await ownedStoreIds(tx, options.userId, options.storeIds);
    const limit = storeLimitForPlan(user.planId);
    if (keep.length > limit) throw new AppError('invalid-argument', BILLING_MESSAGES.chooseStores(limit));
    await tx.update(subscriptions).set({ keptStoreIds: keep }).where(eq(subscriptions.userId, options.userId));
    await applyStoreLimit(tx, { userId: options.userId, planId: user.planId, keptStoreIds: keep });
  });
}
