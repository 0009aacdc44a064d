import { AppError, HOME_PAGE_SLUG, MESSAGES } from '@shopfront/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import { websitePages } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { getOwnedPage, type PageActionOptions } from './get-owned-page.ts';

/** Every page but `home` can go, with its versions; the pages after it move up one place. */
export async function deleteWebsitePage(options: Omit<PageActionOptions, 'now'>): Promise<{ deleted: true }> {
  return options.db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId, lock: true });
    const page = await getOwnedPage(tx, { storeId: store.id, pageId: options.pageId, lock: true });
    if (page.slug === HOME_PAGE_SLUG) throw new AppError('failed-precondition', MESSAGES.website.homeNotDeletable);
    await tx.delete(websitePages).where(eq(websitePages.id, page.id));
    await tx
      .update(websitePages)
      .set({ position: sql`${websitePages.position} - 1` })
      .where(and(eq(websitePages.storeId, store.id), gt(websitePages.position, page.position)));
    if (page.publishedContent !== null) await notifyStorefrontChanged(tx, store.id);
    return { deleted: true as const };
  });
}
