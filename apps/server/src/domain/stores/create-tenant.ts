import { AppError, type Tenant } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { newId } from '#src/db/ids.ts';
import { tenants, type TenantRow } from '#src/db/schema/index.ts';
import { getOwnedStore } from './get-owned-store.ts';

export const TENANT_EXISTS_MESSAGE = 'This store already has a tenant.';

export function toTenant(row: TenantRow): Tenant {
  return { id: row.id, storeId: row.storeId, displayName: row.displayName, createdAt: row.createdAt.toISOString() };
}

/** Spec §7 createTenant: the store's customer realm, one per store (stores get one when created). */
export async function createTenant(options: { db: Database; userId: string; storeId: string; now: Date }): Promise<Tenant> {
  const { db, now } = options;
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  try {
    const [row] = await db
      .insert(tenants)
      .values({ id: newId('tnt'), storeId: store.id, displayName: store.name, createdAt: now, updatedAt: now })
      .returning();
    return toTenant(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('already-exists', TENANT_EXISTS_MESSAGE);
    throw error;
  }
}
