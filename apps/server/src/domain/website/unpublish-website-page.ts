import type { WebsitePageSummary } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { websitePages } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { getOwnedPage, type PageActionOptions } from './get-owned-page.ts';
import { toPageSummary } from './website-page-view.ts';

/** Takes the page off the site; what was live becomes the draft, unless a newer draft exists. */
export async function unpublishWebsitePage(options: PageActionOptions): Promise<WebsitePageSummary> {
  return options.db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId });
    const page = await getOwnedPage(tx, { storeId: store.id, pageId: options.pageId, lock: true });
    if (page.publishedContent === null) return toPageSummary(page);
    const draftContent = page.draftContent ?? page.publishedContent;
    const [row] = await tx
      .update(websitePages)
      .set({ publishedContent: null, publishedAt: null, draftContent, draftUpdatedAt: page.draftUpdatedAt ?? options.now, updatedAt: options.now })
      .where(eq(websitePages.id, page.id))
      .returning();
    if (!row) throw new Error('page update returned no row');
    await notifyStorefrontChanged(tx, store.id);
    return toPageSummary(row);
  });
}
