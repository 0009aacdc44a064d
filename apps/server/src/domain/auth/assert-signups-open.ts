import { AppError, MESSAGES } from '@shopfront/core';
import { appErrorForDatabaseFailure } from '#src/db/errors.ts';
import type { Executor } from '#src/db/executor.ts';
import { readMaintenance, type MaintenanceStatus } from '../platform/read-maintenance.ts';

/**
 * Spec §4: signups only when not in maintenance and allowSignups (a maintenance end time that has
 * passed counts as off). A deliberate departure from spec §8 ("maintenance read failures default
 * to maintenance off"), kept from ARCHITECTURE §5: the server fails closed, so a config that
 * cannot be read refuses too (an unreachable database still answers `unavailable`). Only the web
 * app follows §8 and shows the form. Sign-in never passes through here.
 */
export async function assertSignupsOpen(db: Executor, now: Date): Promise<void> {
  let status: MaintenanceStatus;
  try {
    status = await readMaintenance(db, now);
  } catch (error) {
    const unavailable = appErrorForDatabaseFailure(error);
    if (unavailable) throw unavailable;
    throw new AppError('failed-precondition', MESSAGES.screens.signupsClosed, { signupsOpen: false });
  }
  if (!status.signupsOpen) {
    throw new AppError('failed-precondition', status.shownMessage, { signupsOpen: false });
  }
}
