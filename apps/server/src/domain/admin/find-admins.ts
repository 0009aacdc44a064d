import { asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { toAdminUserSummary, type AdminUserSummary } from './find-admin-target.ts';

/** Every admin, by email. */
export async function findAdmins(options: { db: Database }): Promise<AdminUserSummary[]> {
  const rows = await options.db.select().from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.email));
  return rows.map(toAdminUserSummary);
}

/** Read fresh from the database: a revoke takes effect on the caller's next call. */
export async function getAdminStatus(options: { db: Database; userId: string }): Promise<{ isAdmin: boolean }> {
  const [row] = await options.db.select({ isAdmin: users.isAdmin, isActive: users.isActive }).from(users).where(eq(users.id, options.userId));
  return { isAdmin: Boolean(row?.isAdmin && row.isActive) };
}
