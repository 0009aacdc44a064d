import type { FeatureFlags } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { readMaintenance } from './read-maintenance.ts';

export interface PlatformStatus {
  maintenanceMode: boolean;
  maintenanceMessage: string;
  allowSignups: boolean;
  signupsOpen: boolean;
  featureFlags: FeatureFlags;
}

/**
 * Spec §3 admin/maintenance_config and admin/feature_flags for the web app. `maintenanceMode` is
 * the state in effect (an end time that has passed turns it off); the flags come from the app's
 * flag cache (`feature-flag-cache.ts`).
 */
export async function getPlatformStatus(options: { db: Executor; now: Date; flags: { read(): Promise<FeatureFlags> } }): Promise<PlatformStatus> {
  const [maintenance, featureFlags] = await Promise.all([readMaintenance(options.db, options.now), options.flags.read()]);
  return {
    maintenanceMode: maintenance.inEffect,
    maintenanceMessage: maintenance.shownMessage,
    allowSignups: maintenance.allowSignups,
    signupsOpen: maintenance.signupsOpen,
    featureFlags,
  };
}
