import type { AdminUserRow } from '@shopfront/core';
import { asc, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { users } from '#src/db/schema/index.ts';
import { adminUserName } from './load-admin-user.ts';

export interface SearchAdminUsersOptions {
  db: Executor;
  query?: string | undefined;
  sort?: 'email' | 'name' | 'createdAt' | undefined;
  direction?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

export const DEFAULT_ADMIN_USERS_PAGE_SIZE = 25;

/** `%`, `_` and `\` match themselves in the search, not as LIKE wildcards. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** One page of users whose email or name contains the query (case-insensitive), and the total. */
export async function searchAdminUsers(options: SearchAdminUsersOptions): Promise<{ users: AdminUserRow[]; total: number; page: number; pageSize: number }> {
  const { db } = options;
  const page = options.page ?? 0;
  const pageSize = options.pageSize ?? DEFAULT_ADMIN_USERS_PAGE_SIZE;
  const query = options.query?.trim();
  const name = sql<string>`coalesce(nullif(${users.displayName}, ''), concat_ws(' ', ${users.firstName}, ${users.lastName}))`;
  const where: SQL | undefined = query ? or(ilike(users.email, likeContains(query)), ilike(name, likeContains(query))) : undefined;
  const column = options.sort === 'name' ? name : options.sort === 'createdAt' ? users.createdAt : users.email;
  const order = options.direction === 'desc' ? desc(column) : asc(column);
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(order, asc(users.id)).limit(pageSize).offset(page * pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map((user) => ({
      id: user.id,
      email: user.email,
      name: adminUserName(user),
      isAdmin: user.isAdmin,
      isActive: user.isActive,
      planId: user.planId,
      storeCount: user.storeCount,
      createdAt: user.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
