import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { customers, type CustomerRow } from '#src/db/schema/index.ts';
import { recordServerEvent, requestVisitor } from '#src/domain/analytics/ingest/record-server-event.ts';
import type { NewSession } from '#src/identity/sessions.ts';
import { upsertCustomer } from '../customers/upsert-customer.ts';
import { createCustomerSession } from './customer-session.ts';
import { setPasswordWithCode, type MemberSessionOptions, type PasswordWithCode } from './set-password-with-code.ts';

/**
 * customerSignUp: the signup code proves the address (it is used up), then the store's customer
 * row for that email becomes the account. A buyer who checked out without an account already
 * has that row, so signing up claims their purchases; the name typed at signup becomes the
 * account's name (an empty one keeps the row's). An existing account is refused. All in one transaction with the new session; a wrong code's counted try commits.
 * Then the analytics members_signup event, for the visitor the request shows.
 */
export async function customerSignUp(
  options: MemberSessionOptions & PasswordWithCode & { name: string },
): Promise<{ customer: CustomerRow; session: NewSession }> {
  const { email, now } = options;
  const result = await setPasswordWithCode({ ...options, purpose: 'signup' }, async (tx, { store, tenantId, passwordHash }) => {
    const row = await upsertCustomer(tx, { storeId: store.id, email, name: options.name, now });
    const [customer] = await tx
      .update(customers)
      .set({ passwordHash, name: sql`coalesce(nullif(${options.name.trim()}, ''), ${customers.name})`, emailVerifiedAt: now, accountCreatedAt: now, updatedAt: now })
      .where(and(eq(customers.id, row.id), isNull(customers.passwordHash)))
      .returning();
    if (!customer) return new AppError('already-exists', MESSAGES.auth.emailAlreadyInUse);
    const session = await createCustomerSession(tx, { tenantId, customerId: customer.id, ...options });
    return { customer, session };
  });
  if (options.env.analytics.enabled) {
    const storeId = result.customer.storeId;
    const visitor = await requestVisitor(options.db, { storeId, ip: options.ip, userAgent: options.userAgent ?? '', now }).catch(() => null);
    await recordServerEvent(options.db, { storeId, type: 'members_signup', key: result.customer.id, at: now, visitor: visitor ?? { visitor: null, visitDay: null } });
  }
  return result;
}
