import { WEBSITE_LIMITS, type WebsitePageSummary } from '@shopfront/core';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { websitePages } from '#src/db/schema/index.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { getOwnedPage, type PageActionOptions } from './get-owned-page.ts';
import { assertPageRoom } from './page-slug-rules.ts';
import { toPageSummary } from './website-page-view.ts';

/**
 * A copy of the page (its draft, else what is live) as a new unpublished page right after it:
 * "About copy" at `about-copy`, then `about-copy-2`… Visitors see nothing until it is published.
 */
export async function duplicateWebsitePage(options: PageActionOptions): Promise<WebsitePageSummary> {
  const { now } = options;
  return options.db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId, lock: true });
    const page = await getOwnedPage(tx, { storeId: store.id, pageId: options.pageId });
    await assertPageRoom(tx, store.id, WEBSITE_LIMITS.pagesPerStore);
    const slug = await freeCopySlug(tx, store.id, page.slug);
    await tx
      .update(websitePages)
      .set({ position: sql`${websitePages.position} + 1` })
      .where(and(eq(websitePages.storeId, store.id), gt(websitePages.position, page.position)));
    const content = page.draftContent ?? page.publishedContent;
    const [row] = await tx
      .insert(websitePages)
      .values({
        id: newId('page'),
        storeId: store.id,
        slug,
        title: `${page.title.slice(0, WEBSITE_LIMITS.titleMax - 5).trimEnd()} copy`,
        position: page.position + 1,
        seoTitle: page.seoTitle,
        seoDescription: page.seoDescription,
        seoImageSrc: page.seoImageSrc,
        draftContent: content,
        draftUpdatedAt: content ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('page insert returned no row');
    return toPageSummary(row);
  });
}

async function freeCopySlug(db: Executor, storeId: string, slug: string): Promise<string> {
  const base = `${slug.slice(0, WEBSITE_LIMITS.slugMax - 8).replace(/-+$/, '')}-copy`;
  const rows = await db
    .select({ slug: websitePages.slug })
    .from(websitePages)
    .where(and(eq(websitePages.storeId, storeId), like(websitePages.slug, `${base}%`)));
  const used = new Set(rows.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
