import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { getOwnedStore } from './get-owned-store.ts';

/** Spec §4 "switching updates it": only to a store the caller owns. */
export async function switchActiveStore(options: { db: Database; userId: string; storeId: string; now: Date }): Promise<string> {
  const { db, userId, storeId } = options;
  await getOwnedStore(db, { storeId, userId });
  await db.update(users).set({ activeStoreId: storeId, updatedAt: options.now }).where(eq(users.id, userId));
  return storeId;
}
