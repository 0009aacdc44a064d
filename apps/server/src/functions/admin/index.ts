import type { HandlerRegistry } from '../types.ts';
import { checkAdminStatus } from './check-admin-status.ts';
import { initializeFirstAdmin } from './initialize-first-admin.ts';
import { setUserAdminStatus } from './set-user-admin-status.ts';
import { getAdminUsers } from './get-admin-users.ts';
import { getAdminAuditLog } from './get-admin-audit-log.ts';
import { searchAdminUsers } from './search-admin-users.ts';
import { getAdminUser } from './get-admin-user.ts';
import { deactivateUser } from './deactivate-user.ts';
import { reactivateUser } from './reactivate-user.ts';
import { unlockUserMfa } from './unlock-user-mfa.ts';
import { unpublishStoreForAbuse } from './unpublish-store-for-abuse.ts';
import { restoreStore } from './restore-store.ts';
import { getPlatformStats } from './get-platform-stats.ts';
import { getRegionStatus } from './get-region-status.ts';

/** The admin handlers; ../index.ts spreads them into the registry. */
export const adminHandlers = {
  checkAdminStatus,
  initializeFirstAdmin,
  setUserAdminStatus,
  getAdminUsers,
  getAdminAuditLog,
  searchAdminUsers,
  getAdminUser,
  deactivateUser,
  reactivateUser,
  unlockUserMfa,
  unpublishStoreForAbuse,
  restoreStore,
  getPlatformStats,
  getRegionStatus,
} satisfies Partial<HandlerRegistry>;
