import { readMaintenance } from '#src/domain/platform/read-maintenance.ts';
import type { Handler } from '../types.ts';

/** The admin page's view of maintenance: the stored switch, whether it is in effect, who set it. */
export const getMaintenanceConfig: Handler<'getMaintenanceConfig'> = async (_input, ctx) => {
  const { shownMessage: _shown, signupsOpen: _open, ...config } = await readMaintenance(ctx.db, ctx.now());
  return config;
};
