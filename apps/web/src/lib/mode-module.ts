import type { RouteObject } from 'react-router';

/** What every `modes/<mode>/routes.tsx` exports. */
export interface ModeModule {
  createRoutes: () => RouteObject[];
}
