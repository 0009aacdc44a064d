import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { customers, type CustomerRow } from '#src/db/schema/index.ts';
import { verifyAgainstDummy, verifyPassword } from '#src/identity/password.ts';
import type { NewSession } from '#src/identity/sessions.ts';
import { countSignInAttempt, forgiveSignInAttempt } from '#src/identity/sign-in-throttle.ts';
import { createCustomerSession } from './customer-session.ts';
import type { MemberSessionOptions } from './set-password-with-code.ts';
import { getMemberStore } from './member-store.ts';

/**
 * customerSignIn, like the creators' password step: unknown email, a buyer without an account and
 * a wrong password answer the same message after one argon2 verification each, and the throttle
 * (per account in this realm, per IP) counts them all alike.
 */
export async function customerSignIn(
  options: MemberSessionOptions & { db: Database; storeId: string; email: string; password: string },
): Promise<{ customer: CustomerRow; session: NewSession }> {
  const { db, now } = options;
  const { store, tenantId } = await getMemberStore(db, options.storeId);
  const throttle = { email: `${tenantId}:${options.email}`, ip: options.ip, now };
  await countSignInAttempt(db, throttle);
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, store.id), eq(customers.email, options.email)))
    .limit(1);
  const valid = customer?.passwordHash
    ? await verifyPassword(customer.passwordHash, options.password)
    : await verifyAgainstDummy(options.password);
  if (!valid || !customer) throw new AppError('unauthenticated', MESSAGES.auth.invalidCredentials);
  await forgiveSignInAttempt(db, throttle);
  const session = await createCustomerSession(db, { tenantId, customerId: customer.id, ...options });
  return { customer, session };
}
