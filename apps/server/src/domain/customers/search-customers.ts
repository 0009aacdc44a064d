import { COMMERCE_LIMITS, type Customer } from '@shopfront/core';
import { and, desc, not, or, sql, type SQL } from 'drizzle-orm';
import { customers } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { selectCustomers, toCustomer } from './customer-query.ts';

/** `%`, `_` and `\` match themselves (LIKE's default escape character is the backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Name or email LIKE the pattern, case-insensitively: PostgreSQL folds both sides (emails are stored lower-case). */
function nameOrEmailLike(pattern: string): SQL {
  return or(sql`lower(${customers.name}) like lower(${pattern})`, sql`${customers.email} like lower(${pattern})`)!;
}

/** The two reads' conditions: a name or email starting with the query, and one containing it elsewhere. */
export function customerSearchConditions(query: string): { startsWith: SQL; containsOnly: SQL } {
  const escaped = escapeLike(query);
  const startsWith = nameOrEmailLike(`${escaped}%`);
  return { startsWith, containsOnly: and(nameOrEmailLike(`%${escaped}%`), not(startsWith))! };
}

/**
 * searchStoreCustomers: case-insensitive on name and email. Customers whose name or email starts
 * with the query come first, then those that only contain it; newest first within each. Two reads
 * (docs/selling.md "Customers"): the prefix matches (a range of the name and email
 * prefix indexes, or the newest-first index when they are many), then, only when they do not fill
 * the page, the other matches (a read of the store's customers).
 */
export async function searchCustomers(
  db: Executor,
  options: { storeId: string; query: string; limit?: number | undefined },
): Promise<{ customers: Customer[] }> {
  const limit = options.limit ?? COMMERCE_LIMITS.pageSizeDefault;
  const { startsWith, containsOnly } = customerSearchConditions(options.query);
  const newestFirst = [desc(customers.createdAt), desc(customers.id)];
  const first = await selectCustomers(db, options.storeId, startsWith).orderBy(...newestFirst).limit(limit);
  if (first.length === limit) return { customers: first.map(toCustomer) };
  const rest = await selectCustomers(db, options.storeId, containsOnly)
    .orderBy(...newestFirst)
    .limit(limit - first.length);
  return { customers: [...first, ...rest].map(toCustomer) };
}
