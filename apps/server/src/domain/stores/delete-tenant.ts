import { AppError } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { authTokens, customers, sessions, stores, tenants, verificationCodes, type TenantRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

export const TENANT_NOT_FOUND_MESSAGE = 'Tenant not found';

/** A tenant whose store `userId` owns; anyone else's answers like one that does not exist. */
export async function getOwnedTenant(db: Executor, options: { tenantId: string; userId: string; lock?: boolean }): Promise<TenantRow> {
  const query = db
    .select({ tenant: tenants })
    .from(tenants)
    .innerJoin(stores, eq(stores.id, tenants.storeId))
    .where(and(eq(tenants.id, options.tenantId), eq(stores.creatorId, options.userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: tenants }) : await query;
  if (!row) throw new AppError('not-found', TENANT_NOT_FOUND_MESSAGE);
  return row.tenant;
}

/**
 * The tenant is the store's customer realm: its accounts, sessions and codes go with it. The
 * customer records (orders, CRM notes) stay with the store, but lose their sign-in: a later tenant
 * starts with no accounts.
 */
export async function deleteTenantIdentities(db: Executor, tenantId: string): Promise<void> {
  const [tenant] = await db.select({ storeId: tenants.storeId }).from(tenants).where(eq(tenants.id, tenantId));
  if (tenant) {
    await db
      .update(customers)
      .set({ passwordHash: null, emailVerifiedAt: null, accountCreatedAt: null })
      .where(eq(customers.storeId, tenant.storeId));
  }
  await db.delete(sessions).where(eq(sessions.realm, tenantId));
  await db.delete(verificationCodes).where(eq(verificationCodes.realm, tenantId));
  await db.delete(authTokens).where(eq(authTokens.realm, tenantId));
}

/** Spec §7 deleteTenant: the store stays; its customer realm and identities are removed. */
export async function deleteTenant(options: { db: Database; userId: string; tenantId: string }): Promise<void> {
  await options.db.transaction(async (tx) => {
    const tenant = await getOwnedTenant(tx, { tenantId: options.tenantId, userId: options.userId, lock: true });
    await deleteTenantIdentities(tx, tenant.id);
    await tx.delete(tenants).where(eq(tenants.id, tenant.id));
  });
}
