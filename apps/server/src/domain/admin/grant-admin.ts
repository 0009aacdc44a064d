import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { ADMIN_AUDIT_ACTIONS, lockAdminRoles, writeAdminAudit } from './admin-audit.ts';
import { findAdminTarget, toAdminUserSummary, type AdminTarget, type AdminUserSummary } from './find-admin-target.ts';

export interface GrantAdminOptions {
  db: Database;
  target: AdminTarget;
  /** The admin's user id, or CLI_ACTOR. */
  actorId: string;
  reason?: string | null | undefined;
  now: Date;
}

/** Makes a user admin, with its audit entry in the same transaction; a no-op if already admin. */
export async function grantAdmin(options: GrantAdminOptions): Promise<{ user: AdminUserSummary; changed: boolean }> {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    await lockAdminRoles(tx);
    const user = await findAdminTarget(tx, options.target);
    if (user.isAdmin) return { user: toAdminUserSummary(user), changed: false };
    await tx.update(users).set({ isAdmin: true, updatedAt: now }).where(eq(users.id, user.id));
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: user.id,
      action: ADMIN_AUDIT_ACTIONS.grantAdmin,
      reason: options.reason ?? null,
      before: { isAdmin: false },
      after: { isAdmin: true },
      now,
    });
    return { user: toAdminUserSummary({ ...user, isAdmin: true }), changed: true };
  });
}
