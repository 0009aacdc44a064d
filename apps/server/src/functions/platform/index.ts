import type { HandlerRegistry } from '../types.ts';
import { getFeatureFlags } from './get-feature-flags.ts';
import { getMaintenanceConfig } from './get-maintenance-config.ts';
import { setAllowSignups } from './set-allow-signups.ts';
import { setFeatureFlag } from './set-feature-flag.ts';
import { setMaintenanceMode } from './set-maintenance-mode.ts';

/** Platform configuration for admins: maintenance, signups and feature flags. */
export const platformHandlers = {
  getMaintenanceConfig,
  setMaintenanceMode,
  setAllowSignups,
  getFeatureFlags,
  setFeatureFlag,
} satisfies Partial<HandlerRegistry>;
