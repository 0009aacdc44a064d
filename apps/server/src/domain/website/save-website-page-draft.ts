import type { WebsitePageContent } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { websitePages } from '#src/db/schema/index.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { getOwnedPage } from './get-owned-page.ts';
import { sanitizePageContent } from './sanitize-page-content.ts';

export interface SaveWebsitePageDraftOptions {
  db: Database;
  userId: string;
  storeId: string;
  pageId: string;
  content: WebsitePageContent;
  now: Date;
}

/** Autosave: replaces the draft. Visitors keep seeing the published content, so no cache hears of it. */
export async function saveWebsitePageDraft(options: SaveWebsitePageDraftOptions): Promise<{ savedAt: string }> {
  const { db, now } = options;
  const content = sanitizePageContent(options.content);
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const page = await getOwnedPage(db, { storeId: store.id, pageId: options.pageId });
  await db.update(websitePages).set({ draftContent: content, draftUpdatedAt: now, updatedAt: now }).where(eq(websitePages.id, page.id));
  return { savedAt: now.toISOString() };
}
