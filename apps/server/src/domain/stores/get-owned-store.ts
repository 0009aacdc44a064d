import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { stores, type StoreRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

export interface OwnedStoreOptions {
  storeId: string;
  userId: string;
  /** Inside a transaction: lock the row (FOR UPDATE) until it commits. */
  lock?: boolean;
}

/**
 * SECURITY "Tenancy": the store, if `userId` owns it. A store of someone else answers exactly like
 * one that does not exist, so ids cannot be probed.
 */
export async function getOwnedStore(db: Executor, options: OwnedStoreOptions): Promise<StoreRow> {
  const query = db
    .select()
    .from(stores)
    .where(and(eq(stores.id, options.storeId), eq(stores.creatorId, options.userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw storeNotFound();
  return row;
}

export function storeNotFound(): AppError {
  return new AppError('not-found', MESSAGES.stores.notFound);
}
