import { AppError, MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { credentials, users, type UserRow } from '#src/db/schema/index.ts';
import { verifyAgainstDummy, verifyPassword } from '#src/identity/password.ts';
import { countSignInAttempt } from '#src/identity/sign-in-throttle.ts';

/**
 * The password step of signInWithPassword. Unknown email, an account without a password and a
 * wrong password all answer the same message after one argon2 verification each (SECURITY
 * "one generic message … similar timing"); the throttle counts them all alike. A right password
 * stays counted too: completeSignIn forgives it once every factor has passed.
 */
export async function verifyPasswordSignIn(options: {
  db: Database;
  email: string;
  password: string;
  ip: string;
  now: Date;
}): Promise<UserRow> {
  const { db, email, ip, now } = options;
  await countSignInAttempt(db, { email, ip, now });
  const [row] = await db
    .select({ user: users, passwordHash: credentials.passwordHash })
    .from(users)
    .leftJoin(credentials, eq(credentials.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  const valid = row?.passwordHash
    ? await verifyPassword(row.passwordHash, options.password)
    : await verifyAgainstDummy(options.password);
  if (!valid || !row) throw new AppError('unauthenticated', MESSAGES.auth.invalidCredentials);
  return row.user;
}
