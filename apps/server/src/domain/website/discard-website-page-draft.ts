import type { WebsitePageSummary } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { websitePages } from '#src/db/schema/index.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { getOwnedPage, type PageActionOptions } from './get-owned-page.ts';
import { toPageSummary } from './website-page-view.ts';

/** Drops the unsaved draft; the editor then opens what is live (or an empty page). */
export async function discardWebsitePageDraft(options: PageActionOptions): Promise<WebsitePageSummary> {
  const store = await getOwnedStore(options.db, { storeId: options.storeId, userId: options.userId });
  const page = await getOwnedPage(options.db, { storeId: store.id, pageId: options.pageId });
  const [row] = await options.db
    .update(websitePages)
    .set({ draftContent: null, draftUpdatedAt: null, updatedAt: options.now })
    .where(eq(websitePages.id, page.id))
    .returning();
  if (!row) throw new Error('page update returned no row');
  return toPageSummary(row);
}
