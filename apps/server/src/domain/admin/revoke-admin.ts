import { AppError } from '@shopfront/core';
import { count, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { ADMIN_AUDIT_ACTIONS, lockAdminRoles, writeAdminAudit } from './admin-audit.ts';
import { findAdminTarget, toAdminUserSummary, type AdminTarget, type AdminUserSummary } from './find-admin-target.ts';

export const LAST_ADMIN_MESSAGE = 'The last admin cannot be revoked. Grant admin to another user first.';

export interface RevokeAdminOptions {
  db: Database;
  target: AdminTarget;
  actorId: string;
  reason?: string | null | undefined;
  now: Date;
}

/**
 * Removes a user's admin flag, with its audit entry. SECURITY "Tenancy and privilege": the last
 * admin cannot be revoked (by anyone, so the platform always keeps one).
 */
export async function revokeAdmin(options: RevokeAdminOptions): Promise<{ user: AdminUserSummary; changed: boolean }> {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    await lockAdminRoles(tx);
    const user = await findAdminTarget(tx, options.target);
    if (!user.isAdmin) return { user: toAdminUserSummary(user), changed: false };
    const [admins] = await tx.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
    if ((admins?.n ?? 0) <= 1) throw new AppError('failed-precondition', LAST_ADMIN_MESSAGE);
    await tx.update(users).set({ isAdmin: false, updatedAt: now }).where(eq(users.id, user.id));
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: user.id,
      action: ADMIN_AUDIT_ACTIONS.revokeAdmin,
      reason: options.reason ?? null,
      before: { isAdmin: true },
      after: { isAdmin: false },
      now,
    });
    return { user: toAdminUserSummary({ ...user, isAdmin: false }), changed: true };
  });
}
