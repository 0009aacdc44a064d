import { EMPTY_WEBSITE_PAGE_CONTENT, WEBSITE_LIMITS, type WebsitePageContent, type WebsitePageSummary } from '@shopfront/core';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { websitePages, websitePageVersions } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { getOwnedPage, type PageActionOptions } from './get-owned-page.ts';
import { toPageSummary } from './website-page-view.ts';

/**
 * Makes the draft live (a page never edited goes live empty) and keeps it as a numbered
 * version, dropping all but the newest 20. A live page without a draft is left as it is.
 */
export async function publishWebsitePage(options: PageActionOptions): Promise<WebsitePageSummary> {
  const { now } = options;
  return options.db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId });
    const page = await getOwnedPage(tx, { storeId: store.id, pageId: options.pageId, lock: true });
    if (page.draftContent === null && page.publishedContent !== null) return toPageSummary(page);
    const content = page.draftContent ?? EMPTY_WEBSITE_PAGE_CONTENT;
    const [row] = await tx
      .update(websitePages)
      .set({ publishedContent: content, publishedAt: now, draftContent: null, draftUpdatedAt: null, updatedAt: now })
      .where(eq(websitePages.id, page.id))
      .returning();
    if (!row) throw new Error('page update returned no row');
    await keepVersion(tx, { pageId: page.id, storeId: store.id, title: page.title, content, userId: options.userId, now });
    await notifyStorefrontChanged(tx, store.id);
    return toPageSummary(row);
  });
}

async function keepVersion(
  tx: Executor,
  options: { pageId: string; storeId: string; title: string; content: WebsitePageContent; userId: string; now: Date },
): Promise<void> {
  const [latest] = await tx
    .select({ version: sql<number>`coalesce(max(${websitePageVersions.version}), 0)` })
    .from(websitePageVersions)
    .where(eq(websitePageVersions.pageId, options.pageId));
  const version = Number(latest?.version ?? 0) + 1;
  await tx.insert(websitePageVersions).values({
    id: newId('pgv'),
    pageId: options.pageId,
    storeId: options.storeId,
    version,
    content: options.content,
    title: options.title,
    publishedAt: options.now,
    publishedBy: options.userId,
  });
  await tx
    .delete(websitePageVersions)
    .where(and(eq(websitePageVersions.pageId, options.pageId), lte(websitePageVersions.version, version - WEBSITE_LIMITS.versionsKept)));
}
