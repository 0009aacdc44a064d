import type { User } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { getUserView } from './to-user.ts';

export interface ProfileChanges {
  displayName?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  photoURL?: string | null | undefined;
}

/** Spec §7 "profile name update": only the caller's own row, only these fields. */
export async function updateProfile(options: { db: Database; userId: string; changes: ProfileChanges; now: Date }): Promise<User> {
  const { changes } = options;
  const set = {
    ...(changes.displayName === undefined ? {} : { displayName: changes.displayName || null }),
    ...(changes.firstName === undefined ? {} : { firstName: changes.firstName || null }),
    ...(changes.lastName === undefined ? {} : { lastName: changes.lastName || null }),
    ...(changes.photoURL === undefined ? {} : { photoUrl: changes.photoURL }),
  };
  await options.db.update(users).set({ ...set, updatedAt: options.now }).where(eq(users.id, options.userId));
  const user = await getUserView(options.db, options.userId);
  if (!user) throw new Error('the signed-in user has no row');
  return user;
}
