// Exports the creator's post reads and writes (list, get, create, update, delete): one module because
// they share the tenancy checks, the text and tier rules and the answer shapes.
import { AppError, MEMBERSHIP_POST_LIMITS as L, MEMBERSHIP_POST_MESSAGES as M, type MembershipPost, type MembershipPostSummary } from '@shopfront/core';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { membershipPosts } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { assertNotArchived } from '#src/domain/products/get-owned-product.ts';
import { getOwnedMembershipProduct } from '../creator/owned-membership.ts';
import { getOwnedPost } from './get-owned-post.ts';
import { checkPostFiles, checkPostTiers, cleanPostBody } from './post-fields.ts';
import { toPost, toPostSummaries } from './post-view.ts';

interface Deps {
  db: Database;
  now: Date;
}
interface Caller {
  userId: string;
  storeId: string;
}

/** Drafts and published posts, newest first, without their text; and whether the storefront lists their titles. */
export async function listMembershipPosts(
  deps: { db: Database },
  input: Caller & { productId: string },
): Promise<{ posts: MembershipPostSummary[]; showLockedTitles: boolean }> {
  const { product } = await getOwnedMembershipProduct(deps.db, input);
  const rows = await deps.db
    .select()
    .from(membershipPosts)
    .where(eq(membershipPosts.productId, product.id))
    .orderBy(desc(membershipPosts.createdAt), desc(membershipPosts.id));
  return { posts: await toPostSummaries(deps.db, rows), showLockedTitles: product.showLockedPostTitles };
}

export async function getMembershipPost(deps: { db: Database }, input: Caller & { postId: string }): Promise<MembershipPost> {
  return toPost(deps.db, (await getOwnedPost(deps.db, input)).post);
}

/** A new draft, under the product's lock so the per-membership limit holds under concurrent creations. */
export async function createMembershipPost(
  deps: Deps,
  input: Caller & { productId: string; title: string; bodyHtml: string; tierIds: string[] | null; fileIds?: string[] | undefined },
): Promise<MembershipPost> {
  const bodyHtml = cleanPostBody(input.bodyHtml, input.storeId);
  return deps.db.transaction(async (tx) => {
    const { product } = await getOwnedMembershipProduct(tx, { ...input, lock: true });
    assertNotArchived(product);
    const tierIds = await checkPostTiers(tx, product.id, input.tierIds);
    const fileIds = await checkPostFiles(tx, product, input.fileIds ?? []);
    const [row] = await tx.select({ n: count() }).from(membershipPosts).where(eq(membershipPosts.productId, product.id));
    if ((row?.n ?? 0) >= L.postsPerMembership) {
      throw new AppError('failed-precondition', M.tooManyPosts, { postsPerMembership: L.postsPerMembership });
    }
    const [post] = await tx
      .insert(membershipPosts)
      .values({ id: newId('mpost'), storeId: product.storeId, productId: product.id, title: input.title, bodyHtml, tierIds, fileIds, status: 'draft', createdAt: deps.now, updatedAt: deps.now })
      .returning();
    return toPost(tx, post!);
  });
}

export interface PostChanges {
  title?: string | undefined;
  bodyHtml?: string | undefined;
  tierIds?: string[] | null | undefined;
  fileIds?: string[] | undefined;
}

/** Only the fields sent change. A published post's new title shows on the storefront at once. */
export async function updateMembershipPost(deps: Deps, input: Caller & PostChanges & { postId: string }): Promise<MembershipPost> {
  const bodyHtml = input.bodyHtml === undefined ? undefined : cleanPostBody(input.bodyHtml, input.storeId);
  return deps.db.transaction(async (tx) => {
    const { product, post } = await getOwnedPost(tx, { ...input, lock: true });
    assertNotArchived(product);
    const tierIds = input.tierIds === undefined ? undefined : await checkPostTiers(tx, product.id, input.tierIds);
    const fileIds = input.fileIds === undefined ? undefined : await checkPostFiles(tx, product, input.fileIds);
    const [updated] = await tx
      .update(membershipPosts)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(bodyHtml !== undefined ? { bodyHtml } : {}),
        ...(tierIds !== undefined ? { tierIds } : {}),
        ...(fileIds !== undefined ? { fileIds } : {}),
        updatedAt: deps.now,
      })
      .where(eq(membershipPosts.id, post.id))
      .returning();
    if (post.status === 'published' && input.title !== undefined && input.title !== post.title) await notifyStorefrontChanged(tx, product.storeId);
    return toPost(tx, updated!);
  });
}

/** Deletes the post for good; a published one leaves the storefront's list at once. */
export async function deleteMembershipPost(deps: { db: Database }, input: Caller & { postId: string }): Promise<{ deletedId: string }> {
  return deps.db.transaction(async (tx) => {
    const { product, post } = await getOwnedPost(tx, { ...input, lock: true });
    await tx.delete(membershipPosts).where(eq(membershipPosts.id, post.id));
    if (post.status === 'published') await notifyStorefrontChanged(tx, product.storeId);
    return { deletedId: post.id };
  });
}
