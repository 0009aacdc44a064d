import { AUDIT_LOG_DEFAULT_LIMIT, type AdminAuditEntry } from '@shopfront/core';
import { desc, eq, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#src/db/executor.ts';
import { adminAuditLog, stores, users } from '#src/db/schema/index.ts';

/**
 * Spec §9: the audit log newest first, `limit` rows (default 50) after `cursor` (the last id of
 * the previous page). Ids only grow, so a page never repeats or skips a row written meanwhile.
 */
export async function listAdminAuditLog(options: {
  db: Executor;
  limit?: number | undefined;
  cursor?: string | undefined;
}): Promise<{ entries: AdminAuditEntry[]; nextCursor: string | null }> {
  const limit = options.limit ?? AUDIT_LOG_DEFAULT_LIMIT;
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const rows = await options.db
    .select({ entry: adminAuditLog, actorEmail: actor.email, targetEmail: target.email, targetSlug: stores.slug })
    .from(adminAuditLog)
    .leftJoin(actor, eq(actor.id, adminAuditLog.actorId))
    .leftJoin(target, eq(target.id, adminAuditLog.targetId))
    .leftJoin(stores, eq(stores.id, adminAuditLog.targetId))
    .where(options.cursor ? lt(adminAuditLog.id, Number(options.cursor)) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(({ entry, actorEmail, targetEmail, targetSlug }) => ({
      id: String(entry.id),
      actorId: entry.actorId,
      actorEmail,
      targetId: entry.targetId,
      targetLabel: targetEmail ?? targetSlug,
      action: entry.action,
      reason: entry.reason,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && page.length > 0 ? String(page[page.length - 1]!.entry.id) : null,
  };
}
