import { AppError, MESSAGES, type WebsitePageSummary } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { websitePages } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { findWebsitePages } from './list-website-pages.ts';
import { toPageSummary } from './website-page-view.ts';

export interface ReorderWebsitePagesOptions {
  db: Database;
  userId: string;
  storeId: string;
  pageIds: string[];
  now: Date;
}

/**
 * The whole navigation order at once, every page exactly once, so a stale list (a page added or
 * deleted in another tab) is refused rather than half applied.
 */
export async function reorderWebsitePages(options: ReorderWebsitePagesOptions): Promise<{ pages: WebsitePageSummary[] }> {
  const { pageIds, now } = options;
  return options.db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId, lock: true });
    const pages = await findWebsitePages(tx, store.id);
    const known = new Set(pages.map((page) => page.id));
    const unique = new Set(pageIds);
    if (unique.size !== pageIds.length || unique.size !== known.size || pageIds.some((id) => !known.has(id))) {
      throw new AppError('invalid-argument', MESSAGES.website.reorderMismatch);
    }
    await tx
      .update(websitePages)
      .set({ position: sql`array_position(${sql.param(pageIds)}::text[], ${websitePages.id}) - 1`, updatedAt: now })
      .where(eq(websitePages.storeId, store.id));
    if (pages.some((page) => page.publishedContent !== null)) await notifyStorefrontChanged(tx, store.id);
    return { pages: (await findWebsitePages(tx, store.id)).map(toPageSummary) };
  });
}
