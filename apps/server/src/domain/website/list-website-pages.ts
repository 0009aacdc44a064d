import { HOME_PAGE_SLUG, type WebsitePageSummary } from '@shopfront/core';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { websitePages } from '#src/db/schema/index.ts';
import { toPageSummary, type WebsitePageRow } from './website-page-view.ts';

/**
 * Every website has a `home` page from its first use on; the unique (store, slug) index makes two
 * concurrent first visits create one.
 */
export async function ensureHomePage(db: Executor, options: { storeId: string; now: Date }): Promise<void> {
  await db
    .insert(websitePages)
    .values({ id: newId('page'), storeId: options.storeId, slug: HOME_PAGE_SLUG, title: 'Home', position: 0, createdAt: options.now, updatedAt: options.now })
    .onConflictDoNothing({ target: [websitePages.storeId, websitePages.slug] });
}

/** The store's pages in navigation order. */
export async function findWebsitePages(db: Executor, storeId: string): Promise<WebsitePageRow[]> {
  return db.select().from(websitePages).where(eq(websitePages.storeId, storeId)).orderBy(asc(websitePages.position), asc(websitePages.createdAt));
}

export async function listWebsitePages(options: { db: Executor; storeId: string; now: Date }): Promise<{ pages: WebsitePageSummary[] }> {
  await ensureHomePage(options.db, options);
  const rows = await findWebsitePages(options.db, options.storeId);
  return { pages: rows.map(toPageSummary) };
}
