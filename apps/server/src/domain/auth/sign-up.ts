import { AppError, MESSAGES } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { newId } from '#src/db/ids.ts';
import { credentials, users, type UserRow } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { consumeSignupVerification } from '#src/identity/check-verification-code.ts';
import { enqueueWelcomeEmail } from '#src/identity/identity-emails.ts';
import { PLATFORM_REALM } from '#src/identity/limits.ts';
import { assertNewPasswordAllowed, hashPassword } from '#src/identity/password.ts';
import { assertSignupsOpen } from './assert-signups-open.ts';
import { findUserByEmail } from './find-or-create-user-by-email.ts';

export interface SignUpOptions {
  db: Database;
  env: Env;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  now: Date;
}

/**
 * signUp: only for an email verifyEmailCode verified within 30 minutes; creates the
 * creator (spec §3 defaults) and their credentials and queues the welcome email, all or nothing.
 * The verification is used up first, so only the owner of the address can learn that an account
 * already exists.
 */
export async function signUp(options: SignUpOptions): Promise<UserRow> {
  const { db, email, now } = options;
  await assertSignupsOpen(db, now);
  assertNewPasswordAllowed(options.password);
  const passwordHash = await hashPassword(options.password);
  try {
    return await db.transaction(async (tx) => {
      await consumeSignupVerification(tx, { realm: PLATFORM_REALM, email, now });
      if (await findUserByEmail(tx, email)) throw new AppError('already-exists', MESSAGES.auth.emailAlreadyInUse);
      const [user] = await tx
        .insert(users)
        .values({
          id: newId('usr'),
          email,
          firstName: options.firstName,
          lastName: options.lastName,
          displayName: `${options.firstName} ${options.lastName}`,
          role: 'creator',
          emailVerified: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error('user insert returned no row');
      await tx.insert(credentials).values({ userId: user.id, passwordHash, updatedAt: now });
      await enqueueWelcomeEmail(tx, {
        userId: user.id,
        email,
        firstName: user.firstName,
        dashboardUrl: `${options.env.publicUrl}/dashboard`,
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('already-exists', MESSAGES.auth.emailAlreadyInUse);
    throw error;
  }
}
