import { COMMERCE_LIMITS, type Customer } from '@shopfront/core';
import { desc, sql } from 'drizzle-orm';
import { customers } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { readStoreCounters } from '#src/domain/stores/store-counters.ts';
import { selectCustomers, toCustomer } from './customer-query.ts';

/**
 * getStoreCustomers: newest first, by keyset. The cursor is the last customer's id; the next page
 * starts strictly after its (created_at, id), so inserts while paging never repeat or skip a row.
 */
export async function listCustomers(
  db: Executor,
  options: { storeId: string; cursor?: string | undefined; limit?: number | undefined },
): Promise<{ customers: Customer[]; nextCursor: string | null; total: number }> {
  const limit = options.limit ?? COMMERCE_LIMITS.pageSizeDefault;
  const after = options.cursor
    ? sql`(${customers.createdAt}, ${customers.id}) < (select c.created_at, c.id from ${customers} c where c.id = ${options.cursor} and c.store_id = ${options.storeId})`
    : undefined;
  const rows = await selectCustomers(db, options.storeId, after)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  // The store's customers are counted on write (decision 036), not over 50,000 rows per page.
  const { customers: total } = await readStoreCounters(db, options.storeId);
  return {
    customers: page.map(toCustomer),
    nextCursor: rows.length > limit ? (page.at(-1)?.customer.id ?? null) : null,
    total,
  };
}
