import { eq } from 'drizzle-orm';
import { newId } from '#src/db/ids.ts';
import { users, type UserRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { assertSignupsOpen } from './assert-signups-open.ts';

export { toUser } from './to-user.ts';

export interface FindOrCreateUserOptions {
  /** Canonical email. */
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  displayName?: string | null;
  photoUrl?: string | null;
  /** True only when the caller proved the address (email link, provider-verified email). */
  emailVerified: boolean;
  now: Date;
}

/**
 * The platform user for an email, created with role creator when missing (spec §4 "a missing
 * user document at sign-in is created with role creator"). Creating one is a signup, so it is
 * refused while signups are closed (spec §4 maintenance); existing users always pass.
 */
export async function findOrCreateUserByEmail(db: Executor, options: FindOrCreateUserOptions): Promise<UserRow> {
  const existing = await findUserByEmail(db, options.email);
  if (existing) {
    if (options.emailVerified && !existing.emailVerified) {
      const [updated] = await db
        .update(users)
        .set({ emailVerified: true, updatedAt: options.now })
        .where(eq(users.id, existing.id))
        .returning();
      return updated ?? existing;
    }
    return existing;
  }
  await assertSignupsOpen(db, options.now);
  const displayName = options.displayName ?? ([options.firstName, options.lastName].filter(Boolean).join(' ') || null);
  const [created] = await db
    .insert(users)
    .values({
      id: newId('usr'),
      email: options.email,
      firstName: options.firstName ?? null,
      lastName: options.lastName ?? null,
      displayName,
      photoUrl: options.photoUrl ?? null,
      role: 'creator',
      emailVerified: options.emailVerified,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (created) return created;
  // A parallel sign-in created it first: that row is the user.
  const winner = await findUserByEmail(db, options.email);
  if (!winner) throw new Error('user insert conflicted but no user exists');
  return winner;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}
