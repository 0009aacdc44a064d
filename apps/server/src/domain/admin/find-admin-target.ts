import { AppError, MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { users, type UserRow } from '#src/db/schema/index.ts';
import type { Transaction } from './admin-audit.ts';

/** Who an admin action is about: a user id (admin screens) or an email (the CLI). */
export type AdminTarget = { userId: string } | { email: string };

/** The user and a row lock on it, or spec §8 "User not found." */
export async function findAdminTarget(tx: Transaction, target: AdminTarget): Promise<UserRow> {
  const where = 'userId' in target ? eq(users.id, target.userId) : eq(users.email, canonicalEmail(target.email));
  const [user] = await tx.select().from(users).where(where).for('update');
  if (!user) throw new AppError('not-found', MESSAGES.admin.userNotFound);
  return user;
}

/** As EmailSchema canonicalises (SECURITY: NFKC, trimmed, lower-case). */
export function canonicalEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase();
}

export interface AdminUserSummary {
  id: string;
  email: string;
  isAdmin: boolean;
  planId: string;
}

export function toAdminUserSummary(user: UserRow): AdminUserSummary {
  return { id: user.id, email: user.email, isAdmin: user.isAdmin, planId: user.planId };
}
