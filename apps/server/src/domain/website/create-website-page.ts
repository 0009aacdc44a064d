import { WEBSITE_LIMITS, type WebsitePageSummary } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { newId } from '#src/db/ids.ts';
import { websitePages } from '#src/db/schema/index.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { ensureHomePage } from './list-website-pages.ts';
import { assertPageRoom, assertPageSlugFree, pageSlugTaken } from './page-slug-rules.ts';
import { toPageSummary } from './website-page-view.ts';

export interface CreateWebsitePageOptions {
  db: Database;
  userId: string;
  storeId: string;
  title: string;
  slug: string;
  now: Date;
}

/** A new page, never published, at the end of the navigation. Visitors see nothing of it yet. */
export async function createWebsitePage(options: CreateWebsitePageOptions): Promise<WebsitePageSummary> {
  const { now } = options;
  try {
    return await options.db.transaction(async (tx) => {
      const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId, lock: true });
      await ensureHomePage(tx, { storeId: store.id, now });
      await assertPageRoom(tx, store.id, WEBSITE_LIMITS.pagesPerStore);
      await assertPageSlugFree(tx, { storeId: store.id, slug: options.slug });
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${websitePages.position}), -1)` })
        .from(websitePages)
        .where(eq(websitePages.storeId, store.id));
      const [row] = await tx
        .insert(websitePages)
        .values({
          id: newId('page'),
          storeId: store.id,
          slug: options.slug,
          title: options.title,
          position: Number(last?.position ?? -1) + 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('page insert returned no row');
      return toPageSummary(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw pageSlugTaken();
    throw error;
  }
}
