import { AppError, MEMBERSHIP_POST_MESSAGES as M, type MembershipPost } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { membershipPosts } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { assertNotArchived } from '#src/domain/products/get-owned-product.ts';
import { getOwnedPost } from './get-owned-post.ts';
import { toPost } from './post-view.ts';

/** Whether the sanitised HTML says anything (an editor cleared by hand leaves `<p></p>`). */
const hasText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '';

/**
 * Publishes or unpublishes a post. A post with no text cannot be published. `publishedAt` is set
 * the first time and kept through an unpublish, so a post put back keeps its place. Asking for
 * the state it is in answers it as it is.
 */
export async function setMembershipPostStatus(
  deps: { db: Database; now: Date },
  input: { userId: string; storeId: string; postId: string; status: 'draft' | 'published' },
): Promise<MembershipPost> {
  return deps.db.transaction(async (tx) => {
    const { product, post } = await getOwnedPost(tx, { ...input, lock: true });
    if (post.status === input.status) return toPost(tx, post);
    assertNotArchived(product);
    if (input.status === 'published' && !hasText(post.bodyHtml)) throw new AppError('failed-precondition', M.bodyRequired);
    const [updated] = await tx
      .update(membershipPosts)
      .set({ status: input.status, publishedAt: post.publishedAt ?? (input.status === 'published' ? deps.now : null), updatedAt: deps.now })
      .where(eq(membershipPosts.id, post.id))
      .returning();
    await notifyStorefrontChanged(tx, product.storeId);
    return toPost(tx, updated!);
  });
}
