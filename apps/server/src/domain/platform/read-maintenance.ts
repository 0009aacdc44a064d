import { DEFAULT_MAINTENANCE, MESSAGES, signupsOpen, type MaintenanceConfig } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { ADMIN_CONFIG_ID, adminConfig, users } from '#src/db/schema/index.ts';

export interface MaintenanceStatus extends MaintenanceConfig {
  /** The message visitors see: the stored one, else the default; "closed for now" when only allowSignups closes them. */
  shownMessage: string;
  /** Spec §4: not in maintenance (in effect) and allowSignups. */
  signupsOpen: boolean;
}

/**
 * Spec §3 admin/maintenance_config, with the optional end time applied: once `endsAt` has passed,
 * maintenance counts as off whatever the stored switch says (so nobody has to be awake to end it).
 * A missing row is the spec default. Read uncached: signups check it, and they fail closed.
 */
export async function readMaintenance(db: Executor, now: Date): Promise<MaintenanceStatus> {
  const [row] = await db
    .select({ config: adminConfig, enabledByEmail: users.email })
    .from(adminConfig)
    .leftJoin(users, eq(users.id, adminConfig.enabledBy))
    .where(eq(adminConfig.id, ADMIN_CONFIG_ID))
    .limit(1);
  const config = row?.config;
  const maintenanceMode = config?.maintenanceMode ?? DEFAULT_MAINTENANCE.maintenanceMode;
  const endsAt = config?.endsAt ?? null;
  const inEffect = maintenanceMode && (endsAt === null || endsAt.getTime() > now.getTime());
  const allowSignups = config?.allowSignups ?? DEFAULT_MAINTENANCE.allowSignups;
  return {
    maintenanceMode,
    inEffect,
    maintenanceMessage: config?.maintenanceMessage ?? null,
    shownMessage: !inEffect && !allowSignups ? MESSAGES.screens.signupsNotOpen : config?.maintenanceMessage || DEFAULT_MAINTENANCE.maintenanceMessage,
    allowSignups,
    signupsOpen: signupsOpen({ maintenanceMode: inEffect, allowSignups }),
    enabledAt: config?.enabledAt?.toISOString() ?? null,
    enabledBy: config?.enabledBy && row?.enabledByEmail ? { id: config.enabledBy, email: row.enabledByEmail } : null,
    endsAt: endsAt?.toISOString() ?? null,
    updatedAt: config?.updatedAt.toISOString() ?? null,
  };
}
