import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, type CustomerRow } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { useVerificationCode } from '../../identity/check-verification-code.ts';
import { assertNewPasswordAllowed, hashPassword } from '../../identity/password.ts';
import type { NewSession } from '../../identity/sessions.ts';
import { upsertCustomer } from '../customers/upsert-customer.ts';
import { createCustomerSession } from './customer-session.ts';
import { getMemberStore } from './member-store.ts';

export interface MemberSessionOptions {
  userAgent: string | null;
  ip: string;
  now: Date;
}

/** Spec §5: the confirmation must equal the password (checked before anything is used up). */
export function assertPasswordsMatch(password: string, confirmPassword: string): void {
  if (password !== confirmPassword) throw new AppError('invalid-argument', MESSAGES.validation.passwordsDoNotMatch);
}

/**
 * customerSignUp: the signup code proves the address (it is used up), then the store's customer
 * row for that email becomes the account. A buyer who checked out without an account already
 * has that row, so signing up claims their purchases; their name is kept. An existing account
 * is refused. All in one transaction with the new session; a wrong code's counted try commits.
 */
export async function customerSignUp(
  options: MemberSessionOptions & {
    db: Database;
    env: Env;
    storeId: string;
    name: string;
    email: string;
    password: string;
    confirmPassword: string;
    code: string;
  },
): Promise<{ customer: CustomerRow; session: NewSession }> {
  const { db, email, now } = options;
  assertPasswordsMatch(options.password, options.confirmPassword);
  assertNewPasswordAllowed(options.password);
  const { store, tenantId } = await getMemberStore(db, options.storeId);
  const passwordHash = await hashPassword(options.password);
  const outcome = await db.transaction(async (tx) => {
    try {
      await useVerificationCode(tx, options.env, { realm: tenantId, email, purpose: 'signup', code: options.code, use: 'consume', now });
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    const row = await upsertCustomer(tx, { storeId: store.id, email, name: options.name, now });
    const [customer] = await tx
      .update(customers)
      .set({ passwordHash, emailVerifiedAt: now, accountCreatedAt: now, updatedAt: now })
      .where(and(eq(customers.id, row.id), isNull(customers.passwordHash)))
      .returning();
    if (!customer) return new AppError('already-exists', MESSAGES.auth.emailAlreadyInUse);
    const session = await createCustomerSession(tx, { tenantId, customerId: customer.id, ...options });
    return { customer, session };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
