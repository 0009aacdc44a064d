import { AppError, MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { credentials, users } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { useVerificationCode } from '#src/identity/check-verification-code.ts';
import { PLATFORM_REALM } from '#src/identity/limits.ts';
import { unlockMfaFactor } from '#src/identity/mfa-throttle.ts';
import { assertNewPasswordAllowed, hashPassword } from '#src/identity/password.ts';
import { revokeAllSessions } from '#src/identity/sessions.ts';
import { findUserByEmail } from './find-or-create-user-by-email.ts';

/**
 * confirmPasswordReset: uses the reset code up, really changes the password and ends
 * every session of that user (SECURITY), and unlocks a second factor locked by 100 wrong codes
 * (the reset proves the inbox and replaces the known password), in one transaction. A refused code is returned, not
 * thrown, out of the transaction so its counted wrong try commits.
 */
export async function confirmPasswordReset(options: {
  db: Database;
  env: Env;
  email: string;
  code: string;
  newPassword: string;
  ip: string;
  now: Date;
}): Promise<{ reset: true }> {
  const { db, email, now } = options;
  assertNewPasswordAllowed(options.newPassword);
  const passwordHash = await hashPassword(options.newPassword);
  const refusal = await db.transaction(async (tx) => {
    try {
      await useVerificationCode(tx, options.env, {
        realm: PLATFORM_REALM,
        email,
        purpose: 'password-reset',
        code: options.code,
        use: 'consume',
        ip: options.ip,
        now,
      });
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    const user = await findUserByEmail(tx, email);
    // Only reachable by guessing a code that was never mailed: answer like a wrong code.
    if (!user) return new AppError('invalid-argument', MESSAGES.verification.invalidCode);
    await tx
      .insert(credentials)
      .values({ userId: user.id, passwordHash, updatedAt: now })
      .onConflictDoUpdate({ target: credentials.userId, set: { passwordHash, updatedAt: now } });
    await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, { realm: PLATFORM_REALM, userId: user.id });
    await unlockMfaFactor(tx, user.id);
    return null;
  });
  if (refusal) throw refusal;
  return { reset: true };
}
