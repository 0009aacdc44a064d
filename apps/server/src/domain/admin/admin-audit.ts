// Exports what the admin changes share (writeAdminAudit, lockAdminRoles, ADMIN_AUDIT_ACTIONS, CLI_ACTOR): one
// module because each change writes its audit row in its own transaction, role changes under the same lock.
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { adminAuditLog } from '#src/db/schema/index.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The `action` of admin_audit_log rows written by this folder (the admin issue reads them). */
export const ADMIN_AUDIT_ACTIONS = {
  grantAdmin: 'grant-admin',
  revokeAdmin: 'revoke-admin',
  setPlan: 'set-plan',
  setFeatureFlag: 'set-feature-flag',
  deactivateUser: 'deactivate-user',
  reactivateUser: 'reactivate-user',
  unlockMfa: 'unlock-mfa',
  resetMfa: 'reset-mfa',
  unpublishStore: 'unpublish-store',
  restoreStore: 'restore-store',
  setMaintenance: 'set-maintenance',
  setAllowSignups: 'set-allow-signups',
  setPlanPrice: 'set-plan-price',
  resumeStoreEmail: 'resume-store-email',
} as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[keyof typeof ADMIN_AUDIT_ACTIONS];

/** The actor recorded for `npm run admin` (there is no signed-in user at a shell). */
export const CLI_ACTOR = 'cli';

/** Any constant shared by every app server: admin grants and revokes run one at a time. */
const ADMIN_ROLES_LOCK_KEY = 7_305_162_241;

/**
 * Serialises changes of who is admin, so "no admin yet" (initializeFirstAdmin) and "not the last
 * admin" (revoke) stay true under concurrent calls. Held until the transaction ends.
 */
export async function lockAdminRoles(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ROLES_LOCK_KEY})`);
}

/** SECURITY: every grant/revoke is in the append-only audit log, in the same transaction. */
export async function writeAdminAudit(
  tx: Transaction,
  entry: { actorId: string; targetId: string; action: AdminAuditAction; reason: string | null; before?: unknown; after?: unknown; now: Date },
): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: entry.actorId,
    targetId: entry.targetId,
    action: entry.action,
    reason: entry.reason,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.now,
  });
}
