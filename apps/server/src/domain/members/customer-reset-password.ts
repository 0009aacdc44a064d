import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, type CustomerRow } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { useVerificationCode } from '../../identity/check-verification-code.ts';
import { assertNewPasswordAllowed, hashPassword } from '../../identity/password.ts';
import { revokeAllSessions, type NewSession } from '../../identity/sessions.ts';
import { createCustomerSession } from './customer-session.ts';
import { assertPasswordsMatch, type MemberSessionOptions } from './customer-sign-up.ts';
import { getMemberStore } from './member-store.ts';

/**
 * customerResetPassword: uses the reset code up, sets the new password, ends every session of
 * that customer, then signs them in afresh — one transaction; a wrong code's try still counts.
 */
export async function customerResetPassword(
  options: MemberSessionOptions & {
    db: Database;
    env: Env;
    storeId: string;
    email: string;
    code: string;
    password: string;
    confirmPassword: string;
  },
): Promise<{ customer: CustomerRow; session: NewSession }> {
  const { db, email, now } = options;
  assertPasswordsMatch(options.password, options.confirmPassword);
  assertNewPasswordAllowed(options.password);
  const { store, tenantId } = await getMemberStore(db, options.storeId);
  const passwordHash = await hashPassword(options.password);
  const outcome = await db.transaction(async (tx) => {
    try {
      await useVerificationCode(tx, options.env, { realm: tenantId, email, purpose: 'password-reset', code: options.code, use: 'consume', now });
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    const [customer] = await tx
      .update(customers)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(customers.storeId, store.id), eq(customers.email, email), isNotNull(customers.passwordHash)))
      .returning();
    // Only reachable by guessing a code that was never mailed: answer like a wrong code.
    if (!customer) return new AppError('invalid-argument', MESSAGES.verification.invalidCode);
    await revokeAllSessions(tx, { realm: tenantId, userId: customer.id });
    const session = await createCustomerSession(tx, { tenantId, customerId: customer.id, ...options });
    return { customer, session };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
