import { AppError, isPlanId, PLAN_IDS, type PlanId } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { ADMIN_AUDIT_ACTIONS, writeAdminAudit } from './admin-audit.ts';
import { findAdminTarget, toAdminUserSummary, type AdminTarget, type AdminUserSummary } from './find-admin-target.ts';
import { reapplyStoreLimit } from '../billing/apply-store-limit.ts';

export const unknownPlanMessage = (plan: string) => `Unknown plan "${plan}". Plans: ${PLAN_IDS.join(', ')}.`;

export interface SetUserPlanOptions {
  db: Database;
  target: AdminTarget;
  planId: string;
  actorId: string;
  reason?: string | null | undefined;
  now: Date;
}

/**
 * Sets a creator's plan (spec §6/§9; the stores issue reads it for store limits). Plans are
 * never client-settable (SECURITY), so this is an admin action with an audit entry saying
 * `from → to`.
 */
export async function setUserPlan(
  options: SetUserPlanOptions,
): Promise<{ user: AdminUserSummary; previousPlanId: string; changed: boolean }> {
  const { db, now, planId } = options;
  if (!isPlanId(planId)) throw new AppError('invalid-argument', unknownPlanMessage(planId));
  return db.transaction(async (tx) => {
    const user = await findAdminTarget(tx, options.target);
    const previousPlanId = user.planId;
    if (previousPlanId === planId) return { user: toAdminUserSummary(user), previousPlanId, changed: false };
    await tx.update(users).set({ planId, updatedAt: now }).where(eq(users.id, user.id));
    // The new plan's store limit applies at once, as it does for a billing change.
    await reapplyStoreLimit(tx, { userId: user.id });
    const change = `${previousPlanId} → ${planId}`;
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: user.id,
      action: ADMIN_AUDIT_ACTIONS.setPlan,
      reason: options.reason ? `${change}: ${options.reason}` : change,
      now,
    });
    return { user: toAdminUserSummary({ ...user, planId: planId satisfies PlanId }), previousPlanId, changed: true };
  });
}
