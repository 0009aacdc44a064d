import { AppError, MESSAGES } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import { appErrorForDatabaseFailure } from '#src/db/errors.ts';
import type { Executor } from '#src/db/executor.ts';
import { getPlatformStatus } from '../platform/get-platform-status.ts';

/**
 * Spec §4: signups only when not in maintenance and allowSignups. ARCHITECTURE §5: the server
 * fails closed, so a config that cannot be read refuses too (an unreachable database still
 * answers `unavailable`). Sign-in never passes through here.
 */
export async function assertSignupsOpen(db: Executor): Promise<void> {
  let status: Awaited<ReturnType<typeof getPlatformStatus>>;
  try {
    // A transaction reads like the database; getPlatformStatus only selects.
    status = await getPlatformStatus({ db: db as Database });
  } catch (error) {
    const unavailable = appErrorForDatabaseFailure(error);
    if (unavailable) throw unavailable;
    throw new AppError('failed-precondition', MESSAGES.screens.signupsClosed, { signupsOpen: false });
  }
  if (!status.signupsOpen) {
    throw new AppError('failed-precondition', status.maintenanceMessage, { signupsOpen: false });
  }
}
