import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import { stores, type StoreRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { preparedQuery } from '#src/db/prepared-query.ts';

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
  const [row] = options.lock
    ? await db
        .select()
        .from(stores)
        .where(and(eq(stores.id, options.storeId), eq(stores.creatorId, options.userId)))
        .limit(1)
        .for('update')
    : await ownedStoreQuery(db).execute({ storeId: options.storeId, userId: options.userId });
  if (!row) throw storeNotFound();
  return row;
}

/** Nearly every dashboard call reads its store first, so that read is a named statement (db/prepared-query.ts). */
const ownedStoreQuery = preparedQuery((db) =>
  db
    .select()
    .from(stores)
    .where(and(eq(stores.id, sql.placeholder('storeId')), eq(stores.creatorId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('get_owned_store'),
);

export function storeNotFound(): AppError {
  return new AppError('not-found', MESSAGES.stores.notFound);
}
