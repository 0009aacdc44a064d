import type { Executor } from '#src/db/executor.ts';
import { getOwnedStore } from './get-owned-store.ts';

/** getStoreTimeZone: the store's zone, if the caller owns the store (else "Store not found"). */
export async function getStoreTimeZone(db: Executor, options: { storeId: string; userId: string }): Promise<{ timeZone: string }> {
  const store = await getOwnedStore(db, options);
  return { timeZone: store.timeZone };
}
