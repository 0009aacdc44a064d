import type { Store } from '@shopfront/core';
import { desc, eq } from 'drizzle-orm';
import { stores, tenants, users } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { toStore } from './store-profile.ts';

export interface CreatorStores {
  stores: Store[];
  activeStoreId: string | null;
}

/**
 * The creator's stores newest first (the store switcher; spec §7 queries stores by creatorId
 * ordered by createdAt descending), and the active one: spec §4 "if none set, the first store by
 * creation date is chosen", the oldest.
 */
export async function findCreatorStores(db: Executor, userId: string): Promise<CreatorStores> {
  const rows = await db
    .select({ store: stores, tenantId: tenants.id })
    .from(stores)
    .leftJoin(tenants, eq(tenants.storeId, stores.id))
    .where(eq(stores.creatorId, userId))
    .orderBy(desc(stores.createdAt), desc(stores.id));
  const [user] = await db.select({ activeStoreId: users.activeStoreId }).from(users).where(eq(users.id, userId));
  const list = rows.map((row) => toStore(row.store, row.tenantId));
  const active = list.find((store) => store.id === user?.activeStoreId) ?? list.at(-1) ?? null;
  return { stores: list, activeStoreId: active?.id ?? null };
}

export async function getTenantIdOfStore(db: Executor, storeId: string): Promise<string | null> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.storeId, storeId)).limit(1);
  return row?.id ?? null;
}
