import { listAdminAuditLog } from '#src/domain/admin/list-admin-audit-log.ts';
import type { Handler } from '../types.ts';

/** Spec §7/§9 getAdminAuditLog: newest first, 50 a page unless asked. */
export const getAdminAuditLog: Handler<'getAdminAuditLog'> = (input, ctx) =>
  listAdminAuditLog({ db: ctx.db, limit: input?.limit, cursor: input?.cursor });
