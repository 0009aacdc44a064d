import { DEFAULT_FEATURE_FLAGS, DEFAULT_MAINTENANCE, signupsOpen, type FeatureFlags } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { ADMIN_CONFIG_ID, adminConfig, featureFlags } from '#src/db/schema/index.ts';

export interface PlatformStatus {
  maintenanceMode: boolean;
  maintenanceMessage: string;
  allowSignups: boolean;
  signupsOpen: boolean;
  featureFlags: FeatureFlags;
}

const FLAG_NAMES = Object.keys(DEFAULT_FEATURE_FLAGS) as (keyof FeatureFlags)[];

/** Spec §3 admin/maintenance_config and admin/feature_flags; missing rows mean the spec defaults. */
export async function getPlatformStatus({ db }: { db: Database }): Promise<PlatformStatus> {
  const [[config], flagRows] = await Promise.all([
    db.select().from(adminConfig).where(eq(adminConfig.id, ADMIN_CONFIG_ID)).limit(1),
    db.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags),
  ]);
  const maintenance = {
    maintenanceMode: config?.maintenanceMode ?? DEFAULT_MAINTENANCE.maintenanceMode,
    allowSignups: config?.allowSignups ?? DEFAULT_MAINTENANCE.allowSignups,
    maintenanceMessage: config?.maintenanceMessage || DEFAULT_MAINTENANCE.maintenanceMessage,
  };
  const stored = new Map(flagRows.map((row) => [row.name, row.enabled]));
  const flags = { ...DEFAULT_FEATURE_FLAGS };
  for (const name of FLAG_NAMES) flags[name] = stored.get(name) ?? DEFAULT_FEATURE_FLAGS[name];
  return { ...maintenance, signupsOpen: signupsOpen(maintenance), featureFlags: flags };
}
