import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import { customers, type CustomerRow } from '#src/db/schema/index.ts';
import { revokeAllSessions, type NewSession } from '#src/identity/sessions.ts';
import { createCustomerSession } from './customer-session.ts';
import { setPasswordWithCode, type MemberSessionOptions, type PasswordWithCode } from './set-password-with-code.ts';

/**
 * customerResetPassword: uses the reset code up, sets the new password, ends every session of
 * that customer, then signs them in afresh — one transaction; a wrong code's try still counts.
 */
export function customerResetPassword(options: MemberSessionOptions & PasswordWithCode): Promise<{ customer: CustomerRow; session: NewSession }> {
  const { email, now } = options;
  return setPasswordWithCode({ ...options, purpose: 'password-reset' }, async (tx, { store, tenantId, passwordHash }) => {
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
}
