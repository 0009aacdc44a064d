import { MEMBERSHIP_POST_LIMITS } from '@shopfront/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipPosts, products } from '#src/db/schema/index.ts';

/**
 * The newest published posts' titles for a membership's storefront page, shown locked: never
 * their text. The page is cached until the store changes, which publishing, unpublishing,
 * retitling and deleting a published post notify. None when the creator hides the titles
 * (`products.show_locked_post_titles` off): the page then never names a post.
 */
export async function loadStorefrontPostTitles(db: Executor, productId: string): Promise<{ title: string; publishedAt: string }[]> {
  const rows = await db
    .select({ title: membershipPosts.title, publishedAt: membershipPosts.publishedAt })
    .from(membershipPosts)
    .innerJoin(products, eq(products.id, membershipPosts.productId))
    .where(and(eq(membershipPosts.productId, productId), eq(membershipPosts.status, 'published'), eq(products.showLockedPostTitles, true)))
    .orderBy(desc(membershipPosts.publishedAt), desc(membershipPosts.id))
    .limit(MEMBERSHIP_POST_LIMITS.storefrontTitles);
  return rows.map((row) => ({ title: row.title, publishedAt: (row.publishedAt ?? new Date(0)).toISOString() }));
}
