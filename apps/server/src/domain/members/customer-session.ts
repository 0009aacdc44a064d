// Exports the members-area session helpers (findCustomerSession, createCustomerSession, toCustomerAccount):
// one module because they define together what a signed-in customer of a store is.
import type { CustomerAccount } from '@shopfront/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import { customers, type CustomerRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { createSession, findRealmSession, type NewSession } from '#src/identity/sessions.ts';
import { findMemberStore } from './member-store.ts';

/**
 * The signed-in customer of THIS store: a live session in the store's tenant realm whose user is
 * a customer of the store with an account. Anything else (another store's customer, a creator's
 * token, a store without a tenant) is null.
 */
export async function findCustomerSession(
  db: Executor,
  options: { storeId: string; token: string; now: Date },
): Promise<{ customer: CustomerRow; tenantId: string } | null> {
  const realm = await findMemberStore(db, options.storeId);
  if (!realm) return null;
  const session = await findRealmSession(db, options.token, realm.tenantId, options.now);
  if (!session) return null;
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, session.userId), eq(customers.storeId, options.storeId), isNotNull(customers.passwordHash)))
    .limit(1);
  return customer ? { customer, tenantId: realm.tenantId } : null;
}

/** A new members-area session: realm = the store's tenant, user = the customer. */
export function createCustomerSession(
  db: Executor,
  options: { tenantId: string; customerId: string; userAgent: string | null; ip: string; now: Date },
): Promise<NewSession> {
  return createSession(db, {
    realm: options.tenantId,
    userId: options.customerId,
    userAgent: options.userAgent,
    ip: options.ip,
    now: options.now,
  });
}

/** What the members area shows of the account (never the password hash). */
export function toCustomerAccount(row: CustomerRow): CustomerAccount {
  return { id: row.id, storeId: row.storeId, name: row.name, email: row.email };
}
