import { AppError, MESSAGES, type WebsitePageSummary } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { websitePages, websitePageVersions } from '#src/db/schema/index.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { getOwnedPage, type PageActionOptions } from './get-owned-page.ts';
import { toPageSummary } from './website-page-view.ts';

/**
 * Copies a version into the draft, replacing any unsaved one; what visitors see changes only when
 * the creator publishes. The version must be of this page, so ids cannot be probed across pages.
 */
export async function restoreWebsitePageVersion(options: PageActionOptions & { versionId: string }): Promise<WebsitePageSummary> {
  const { db, now } = options;
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const page = await getOwnedPage(db, { storeId: store.id, pageId: options.pageId });
  const [version] = await db
    .select({ content: websitePageVersions.content })
    .from(websitePageVersions)
    .where(and(eq(websitePageVersions.id, options.versionId), eq(websitePageVersions.pageId, page.id)))
    .limit(1);
  if (!version) throw new AppError('not-found', MESSAGES.website.versionNotFound);
  const [row] = await db
    .update(websitePages)
    .set({ draftContent: version.content, draftUpdatedAt: now, updatedAt: now })
    .where(eq(websitePages.id, page.id))
    .returning();
  if (!row) throw new Error('page update returned no row');
  return toPageSummary(row);
}
