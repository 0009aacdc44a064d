import type { MaintenanceConfig } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { ADMIN_CONFIG_ID, adminConfig } from '#src/db/schema/index.ts';
import { readMaintenance } from '../platform/read-maintenance.ts';
import { ADMIN_AUDIT_ACTIONS, writeAdminAudit } from './admin-audit.ts';

/**
 * Spec §3 allowSignups, set by an admin: signups close (or reopen) without maintenance, and
 * sign-in keeps working either way. Audited with the value before and after, in one transaction
 * under the config row's lock (the one `setMaintenance` takes).
 */
export async function setAllowSignups(options: { db: Database; allowSignups: boolean; actorId: string; reason: string | null; now: Date }): Promise<MaintenanceConfig> {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    await tx.insert(adminConfig).values({ id: ADMIN_CONFIG_ID, createdAt: now, updatedAt: now }).onConflictDoNothing();
    await tx.select({ id: adminConfig.id }).from(adminConfig).where(eq(adminConfig.id, ADMIN_CONFIG_ID)).for('update');
    const before = await readMaintenance(tx, now);
    await tx.update(adminConfig).set({ allowSignups: options.allowSignups, updatedAt: now }).where(eq(adminConfig.id, ADMIN_CONFIG_ID));
    const after = await readMaintenance(tx, now);
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: ADMIN_CONFIG_ID,
      action: ADMIN_AUDIT_ACTIONS.setAllowSignups,
      reason: options.reason,
      before: { allowSignups: before.allowSignups },
      after: { allowSignups: after.allowSignups },
      now,
    });
    const { shownMessage: _shown, signupsOpen: _open, ...config } = after;
    return config;
  });
}
