// Exports lockOwnedMember and memberView: a member of the caller's store, locked, and as listMembers shows it.
import { AppError, MEMBERSHIP_MESSAGES as M } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { memberships } from '#src/db/schema/index.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { memberRows } from './find-members.ts';
import { toMember } from './member-view.ts';

/**
 * SECURITY "Tenancy": a member of the caller's store, its row locked until the transaction ends
 * (a renewal charging it waits). Another store's member answers exactly like a missing one.
 */
export async function lockOwnedMember(tx: Executor, input: { userId: string; storeId: string; membershipId: string }) {
  const store = await getOwnedStore(tx, { storeId: input.storeId, userId: input.userId });
  const [membership] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, input.membershipId), eq(memberships.storeId, store.id)))
    .for('update');
  if (!membership) throw new AppError('not-found', M.memberNotFound);
  return membership;
}

/** One member as listMembers shows them. */
export async function memberView(db: Executor, membershipId: string) {
  const [row] = await memberRows(db).where(eq(memberships.id, membershipId));
  if (!row) throw new AppError('not-found', M.memberNotFound);
  return toMember(row);
}
