import type { PaidPlanId } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { planPrices } from '#src/db/schema/index.ts';
import { ADMIN_AUDIT_ACTIONS, writeAdminAudit } from '#src/domain/admin/admin-audit.ts';
import { findPlanPrices, type PlanPrice } from './find-plan-prices.ts';

/**
 * An admin sets a paid plan's prices. Only new subscriptions use them: each subscription keeps
 * the price it started at (subscriptions.price_cents, and the inline price Stripe holds). Audited
 * with the prices before and after, in the same transaction.
 */
export async function setPlanPrice(
  db: Database,
  options: { planId: PaidPlanId; monthlyCents: number; yearlyCents: number; actorId: string; reason: string; now: Date },
): Promise<PlanPrice> {
  return db.transaction(async (tx) => {
    // One price change at a time, so the audit's "before" is the price that was replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plan_prices'))`);
    const before = (await findPlanPrices(tx))[options.planId];
    await tx
      .insert(planPrices)
      .values({ planId: options.planId, monthlyCents: options.monthlyCents, yearlyCents: options.yearlyCents, updatedBy: options.actorId, updatedAt: options.now })
      .onConflictDoUpdate({
        target: planPrices.planId,
        set: { monthlyCents: options.monthlyCents, yearlyCents: options.yearlyCents, updatedBy: options.actorId, updatedAt: options.now },
      });
    const after = { ...before, monthlyCents: options.monthlyCents, yearlyCents: options.yearlyCents, updatedAt: options.now, updatedBy: options.actorId };
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: options.planId,
      action: ADMIN_AUDIT_ACTIONS.setPlanPrice,
      reason: options.reason,
      before: { monthlyCents: before.monthlyCents, yearlyCents: before.yearlyCents },
      after: { monthlyCents: after.monthlyCents, yearlyCents: after.yearlyCents },
      now: options.now,
    });
    return after;
  });
}
