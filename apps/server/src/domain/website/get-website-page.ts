import type { WebsitePage } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { websitePages } from '#src/db/schema/index.ts';
import { pageNotFound } from './get-owned-page.ts';
import { ensureHomePage } from './list-website-pages.ts';
import { toPage } from './website-page-view.ts';

/** The editor opens a page by its slug; `home` exists even before the pages list was opened. */
export async function getWebsitePage(options: { db: Executor; storeId: string; pageSlug: string; now: Date }): Promise<WebsitePage> {
  await ensureHomePage(options.db, options);
  const [row] = await options.db
    .select()
    .from(websitePages)
    .where(and(eq(websitePages.storeId, options.storeId), eq(websitePages.slug, options.pageSlug)))
    .limit(1);
  if (!row) throw pageNotFound();
  return toPage(row);
}
