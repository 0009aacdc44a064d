import type { HandlerRegistry } from '../types.ts';
import { checkAdminStatus } from './check-admin-status.ts';
import { initializeFirstAdmin } from './initialize-first-admin.ts';

/** The admin handlers; ../index.ts spreads them into the registry. */
export const adminHandlers = {
  checkAdminStatus,
  initializeFirstAdmin,
} satisfies Partial<HandlerRegistry>;
