import { AppError, MAINTENANCE_MESSAGE_MAX_LENGTH, PLATFORM_CONFIG_MESSAGES, type MaintenanceConfig } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { ADMIN_CONFIG_ID, adminConfig } from '#src/db/schema/index.ts';
import { readMaintenance } from '../platform/read-maintenance.ts';
import { ADMIN_AUDIT_ACTIONS, CLI_ACTOR, writeAdminAudit } from './admin-audit.ts';

export interface SetMaintenanceOptions {
  db: Database;
  enabled: boolean;
  /** Required when enabling (what visitors see); kept as it was when disabling without one. */
  message?: string | null;
  /** When maintenance ends by itself; must be in the future. Null or absent: until switched off. */
  endsAt?: Date | null;
  /** A user id, or CLI_ACTOR for `npm run admin`. */
  actorId: string;
  reason: string | null;
  now: Date;
}

const invalid = (field: 'message' | 'endsAt', message: string) =>
  new AppError('invalid-argument', message, { formErrors: [], fieldErrors: { [field]: [message] } });

/**
 * Spec §3 admin/maintenance_config: the one path for the admin page (setMaintenanceMode) and the
 * CLI. Switching on (or rewriting it while on) records enabledAt/enabledBy; switching off clears
 * them and the end time. Audited with the state before and after, in the same transaction.
 */
export async function setMaintenance(options: SetMaintenanceOptions): Promise<MaintenanceConfig> {
  const { db, enabled, now } = options;
  const message = options.message?.trim() || null;
  if (enabled && !message) throw invalid('message', PLATFORM_CONFIG_MESSAGES.messageRequired);
  if (message && message.length > MAINTENANCE_MESSAGE_MAX_LENGTH) throw invalid('message', PLATFORM_CONFIG_MESSAGES.messageTooLong);
  const endsAt = enabled ? (options.endsAt ?? null) : null;
  if (endsAt && endsAt.getTime() <= now.getTime()) throw invalid('endsAt', PLATFORM_CONFIG_MESSAGES.endsAtInPast);
  // enabled_by references users: the CLI has no user row.
  const enabledBy = enabled && options.actorId !== CLI_ACTOR ? options.actorId : null;

  return db.transaction(async (tx) => {
    await tx.insert(adminConfig).values({ id: ADMIN_CONFIG_ID, createdAt: now, updatedAt: now }).onConflictDoNothing();
    await tx.select({ id: adminConfig.id }).from(adminConfig).where(eq(adminConfig.id, ADMIN_CONFIG_ID)).for('update');
    const before = await readMaintenance(tx, now);
    await tx
      .update(adminConfig)
      .set({
        maintenanceMode: enabled,
        ...(message ? { maintenanceMessage: message } : {}),
        enabledAt: enabled ? now : null,
        enabledBy,
        endsAt,
        updatedAt: now,
      })
      .where(eq(adminConfig.id, ADMIN_CONFIG_ID));
    const after = await readMaintenance(tx, now);
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: ADMIN_CONFIG_ID,
      action: ADMIN_AUDIT_ACTIONS.setMaintenance,
      reason: options.reason,
      before: auditState(before),
      after: auditState(after),
      now,
    });
    const { shownMessage: _shown, signupsOpen: _open, ...config } = after;
    return config;
  });
}

const auditState = (state: MaintenanceConfig) => ({
  maintenanceMode: state.maintenanceMode,
  maintenanceMessage: state.maintenanceMessage,
  endsAt: state.endsAt,
  enabledAt: state.enabledAt,
  enabledBy: state.enabledBy?.id ?? null,
});
