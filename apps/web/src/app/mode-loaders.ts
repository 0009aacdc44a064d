import type { AppMode } from '@shopfront/core';
import type { ModeModule } from '../lib/mode-module.ts';

/**
 * One dynamic import per mode, so each mode is its own chunk (`mode-<name>-<hash>.js`, see
 * vite.config.ts) and a storefront visitor never downloads dashboard code.
 */
export const MODE_LOADERS: Record<AppMode, () => Promise<ModeModule>> = {
  landing: () => import('../modes/landing/routes.tsx'),
  dashboard: () => import('../modes/dashboard/routes.tsx'),
  storefront: () => import('../modes/storefront/routes.tsx'),
  website: () => import('../modes/website/routes.tsx'),
  members: () => import('../modes/members/routes.tsx'),
};
