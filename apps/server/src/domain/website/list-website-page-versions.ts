import type { WebsitePageVersion } from '@shopfront/core';
import { desc, eq } from 'drizzle-orm';
import { websitePageVersions } from '#src/db/schema/index.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { getOwnedPage, type PageActionOptions } from './get-owned-page.ts';

/** The page's kept versions, newest first. */
export async function listWebsitePageVersions(options: Omit<PageActionOptions, 'now'>): Promise<{ versions: WebsitePageVersion[] }> {
  const store = await getOwnedStore(options.db, { storeId: options.storeId, userId: options.userId });
  const page = await getOwnedPage(options.db, { storeId: store.id, pageId: options.pageId });
  const rows = await options.db
    .select({ id: websitePageVersions.id, version: websitePageVersions.version, title: websitePageVersions.title, publishedAt: websitePageVersions.publishedAt })
    .from(websitePageVersions)
    .where(eq(websitePageVersions.pageId, page.id))
    .orderBy(desc(websitePageVersions.version));
  return { versions: rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() })) };
}
