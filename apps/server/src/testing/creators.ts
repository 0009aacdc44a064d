import { eq } from 'drizzle-orm';
import { credentials, mfaFactors, users } from '../db/schema/index.ts';
import { newId } from '../db/ids.ts';
import { hashPassword } from '../identity/password.ts';
import { PLATFORM_REALM } from '../identity/limits.ts';
import { createSession } from '../identity/sessions.ts';
import { bearer, type Caller } from './call-function.ts';
import type { TestApp } from './test-app.ts';

/** A signed-in creator: pass it as `{ as: creator }` to callFunction. */
export interface TestCreator extends Caller {
  userId: string;
  token: string;
}

let counter = 0;

/** A creator with a password, written straight to the database. */
export async function createCreator(
  t: Pick<TestApp, 'db'>,
  options: { email: string; password?: string; isActive?: boolean; isAdmin?: boolean; now?: Date },
): Promise<string> {
  const id = newId('usr');
  const now = options.now ?? new Date();
  await t.db.insert(users).values({
    id,
    email: options.email,
    firstName: 'Test',
    lastName: 'Creator',
    displayName: 'Test Creator',
    emailVerified: true,
    isActive: options.isActive ?? true,
    isAdmin: options.isAdmin ?? false,
    createdAt: now,
    updatedAt: now,
  });
  if (options.password !== undefined) {
    await t.db.insert(credentials).values({ userId: id, passwordHash: await hashPassword(options.password) });
  }
  return id;
}

/** A creator with a live session (Bearer, so no Origin is needed), on the given plan; `now` = the app's clock. */
export async function signedInCreator(
  t: Pick<TestApp, 'db'>,
  options: { planId?: string; email?: string; now?: Date } = {},
): Promise<TestCreator> {
  const email = options.email ?? `creator-${++counter}-${Date.now()}@example.com`;
  const userId = await createCreator(t, { email });
  if (options.planId) await t.db.update(users).set({ planId: options.planId }).where(eq(users.id, userId));
  const { token } = await createSession(t.db, { realm: PLATFORM_REALM, userId, now: options.now ?? new Date() });
  return { userId, token, headers: bearer(token) };
}

/**
 * A signed-in admin. With `mfa` (the default) TOTP is on and the session proved it, as an admin
 * write requires; `mfa: false` is an admin who never enrolled.
 */
export async function signedInAdmin(t: Pick<TestApp, 'db'>, options: { email?: string; mfa?: boolean; now?: Date } = {}): Promise<TestCreator> {
  const now = options.now ?? new Date();
  const email = options.email ?? `admin-${++counter}-${Date.now()}@example.com`;
  const userId = await createCreator(t, { email, isAdmin: true, now });
  const mfa = options.mfa ?? true;
  if (mfa) await t.db.insert(mfaFactors).values({ userId, secret: 'unused-in-tests', enabledAt: now, createdAt: now });
  const { token } = await createSession(t.db, { realm: PLATFORM_REALM, userId, mfaVerified: mfa, now });
  return { userId, token, headers: bearer(token) };
}
