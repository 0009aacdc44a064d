import type { MaintenanceState } from './constants.ts';

/**
 * Spec §4: signups are allowed only if not in maintenance and allowSignups.
 * ARCHITECTURE §5: signup fails closed, so an unreadable state (null/undefined) means closed.
 * Sign-in is never blocked by maintenance.
 */
export function signupsOpen(state: Pick<MaintenanceState, 'maintenanceMode' | 'allowSignups'> | null | undefined): boolean {
  if (!state) return false;
  return state.maintenanceMode === false && state.allowSignups === true;
}
