import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { adminAuditLog, users } from '../db/schema/index.ts';

/** Users straight in the table, and what the audit log and user rows say. */
export async function insertUser(db: Database, email: string, fields: { isAdmin?: boolean; isActive?: boolean; planId?: string } = {}) {
  const id = newId('usr');
  await db.insert(users).values({ id, email, ...fields });
  return id;
}

export async function userRow(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

export function auditRows(db: Database) {
  return db
    .select({ actorId: adminAuditLog.actorId, targetId: adminAuditLog.targetId, action: adminAuditLog.action, reason: adminAuditLog.reason })
    .from(adminAuditLog)
    .orderBy(asc(adminAuditLog.id));
}
