import { AppError, MESSAGES, STORE_OFFLINE_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { stores, tenants, type StoreRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

export interface MemberStore {
  store: StoreRow;
  /** The store's customer realm (docs/selling.md "Customers and the members area"). */
  tenantId: string;
}

/** The store and its tenant, or null when the store does not exist or has no tenant. */
export async function findMemberStore(db: Executor, storeId: string): Promise<MemberStore | null> {
  const [row] = await db
    .select({ store: stores, tenantId: tenants.id })
    .from(stores)
    .innerJoin(tenants, eq(tenants.storeId, stores.id))
    .where(eq(stores.id, storeId))
    .limit(1);
  return row ?? null;
}

/**
 * The store whose members area a public function works on. A missing store is not found; a
 * store without a tenant has no customer realm, so it cannot have members. An offline store
 * (docs/admin.md "Offline stores") takes no sign-ins, sign-ups or codes, as its pages say.
 */
export async function getMemberStore(db: Executor, storeId: string): Promise<MemberStore> {
  const found = await findMemberStore(db, storeId);
  if (found?.store.offlineReason) throw new AppError('unavailable', STORE_OFFLINE_MESSAGES.error);
  if (found) return found;
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!store) throw new AppError('not-found', MESSAGES.stores.notFound);
  throw new AppError('failed-precondition', MESSAGES.generic.failedPrecondition);
}
