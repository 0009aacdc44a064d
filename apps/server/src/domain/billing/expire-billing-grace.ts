import { and, eq, lte, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { subscriptions, users } from '#src/db/schema/index.ts';
import { applyStoreLimit } from './apply-store-limit.ts';
import { effectivePlan } from './effective-plan.ts';

/**
 * Drops to free every account whose failed payment's grace period has ended, and puts its stores
 * within the free limit (the chosen ones, else the oldest, stay). The subscription stays past due:
 * a payment that succeeds later (`invoice.paid`) brings the plan back.
 */
export async function expireBillingGrace(db: Database, now: Date): Promise<{ dropped: string[] }> {
  const due = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(eq(subscriptions.status, 'past_due'), lte(subscriptions.graceUntil, now), ne(users.planId, 'free')));
  const dropped: string[] = [];
  for (const { userId } of due) {
    const changed = await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      if (!row) return false;
      const planId = effectivePlan(row, now);
      if (planId !== 'free') return false;
      await tx.update(users).set({ planId, updatedAt: now }).where(eq(users.id, userId));
      await applyStoreLimit(tx, { userId, planId, keptStoreIds: row.keptStoreIds });
      return true;
    });
    if (changed) dropped.push(userId);
  }
  return { dropped };
}
