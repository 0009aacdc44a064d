import { MEMBERSHIP_LIMITS, type Member } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { findMembers, type MemberFilter } from './find-members.ts';
import { getOwnedMembershipProduct } from './owned-membership.ts';

const PAGE = MEMBERSHIP_LIMITS.membersPageSize;

/** listMembers: the caller's membership product (another store's answers like a missing one), a page of its members. */
export async function listMembers(
  db: Executor,
  input: Omit<MemberFilter, 'storeId'> & { userId: string; storeId: string; page: number },
): Promise<{ members: Member[]; total: number; page: number; pageSize: number; currency: string }> {
  const { store, product } = await getOwnedMembershipProduct(db, input);
  // A tier of another product (or store) simply matches no member: the filter narrows, it never reveals.
  const found = await findMembers(db, { ...input, storeId: store.id, productId: product.id }, { offset: (input.page - 1) * PAGE, limit: PAGE });
  return { ...found, page: input.page, pageSize: PAGE, currency: product.currency };
}
