import { COMMERCE_LIMITS, type Customer } from '@shopfront/core';
import { asc, desc, ilike, or, sql } from 'drizzle-orm';
import { customers } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { selectCustomers, toCustomer } from './customer-query.ts';

/** `%`, `_` and `\` match themselves (LIKE's default escape character is the backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * searchStoreCustomers: case-insensitive on name and email. Customers whose name or email starts
 * with the query come first, then those that only contain it; newest first within each.
 */
export async function searchCustomers(
  db: Executor,
  options: { storeId: string; query: string; limit?: number | undefined },
): Promise<{ customers: Customer[] }> {
  const escaped = escapeLike(options.query);
  const prefix = `${escaped}%`;
  const contains = `%${escaped}%`;
  const rank = sql<number>`case when ${customers.name} ilike ${prefix} or ${customers.email} ilike ${prefix} then 0 else 1 end`;
  const rows = await selectCustomers(db, options.storeId, or(ilike(customers.name, contains), ilike(customers.email, contains)))
    .orderBy(asc(rank), desc(customers.createdAt), desc(customers.id))
    .limit(options.limit ?? COMMERCE_LIMITS.pageSizeDefault);
  return { customers: rows.map(toCustomer) };
}
