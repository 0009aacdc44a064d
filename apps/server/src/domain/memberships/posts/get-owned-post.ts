import { AppError, MEMBERSHIP_POST_MESSAGES as M } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipPosts, products, type MembershipPostRow, type ProductRow } from '#src/db/schema/index.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';

/**
 * SECURITY "Tenancy": the caller's store, then a post of one of its memberships. Another store's
 * post answers exactly like a missing one. `lock` locks the post's product (its posts' writer).
 */
export async function getOwnedPost(
  db: Executor,
  options: { userId: string; storeId: string; postId: string; lock?: boolean },
): Promise<{ product: ProductRow; post: MembershipPostRow }> {
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const query = db
    .select({ post: membershipPosts, product: products })
    .from(membershipPosts)
    .innerJoin(products, eq(products.id, membershipPosts.productId))
    .where(and(eq(membershipPosts.id, options.postId), eq(membershipPosts.storeId, store.id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not-found', M.postNotFound);
  return row;
}
