import { MEMBERSHIP_POST_LIMITS } from '@shopfront/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipPosts } from '#src/db/schema/index.ts';

/**
 * The newest published posts' titles for a membership's storefront page, shown locked: never
 * their text. The page is cached until the store changes, which publishing, unpublishing,
 * retitling and deleting a published post notify.
 */
export async function loadStorefrontPostTitles(db: Executor, productId: string): Promise<{ title: string; publishedAt: string }[]> {
  const rows = await db
    .select({ title: membershipPosts.title, publishedAt: membershipPosts.publishedAt })
    .from(membershipPosts)
    .where(and(eq(membershipPosts.productId, productId), eq(membershipPosts.status, 'published')))
    .orderBy(desc(membershipPosts.publishedAt), desc(membershipPosts.id))
    .limit(MEMBERSHIP_POST_LIMITS.storefrontTitles);
  return rows.map((row) => ({ title: row.title, publishedAt: (row.publishedAt ?? new Date(0)).toISOString() }));
}
