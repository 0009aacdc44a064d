import { HOME_PAGE_SLUG, type WebsitePageFields, type WebsitePageSummary } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { websitePages } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { getOwnedPage } from './get-owned-page.ts';
import { assertPageSlugFree, pageSlugTaken } from './page-slug-rules.ts';
import { toPageSummary } from './website-page-view.ts';

export interface UpdateWebsitePageOptions {
  db: Database;
  userId: string;
  storeId: string;
  pageId: string;
  fields: WebsitePageFields;
  now: Date;
}

/** Title, slug and SEO fields; absent fields stay. A live page's change reaches visitors at once. */
export async function updateWebsitePage(options: UpdateWebsitePageOptions): Promise<WebsitePageSummary> {
  const { fields, now } = options;
  try {
    return await options.db.transaction(async (tx) => {
      const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId, lock: true });
      const page = await getOwnedPage(tx, { storeId: store.id, pageId: options.pageId, lock: true });
      if (fields.slug !== undefined && fields.slug !== page.slug) {
        await assertPageSlugFree(tx, { storeId: store.id, slug: fields.slug, pageId: page.id, isHome: page.slug === HOME_PAGE_SLUG });
      }
      const [row] = await tx
        .update(websitePages)
        .set({ ...fields, updatedAt: now })
        .where(eq(websitePages.id, page.id))
        .returning();
      if (!row) throw new Error('page update returned no row');
      if (page.publishedContent !== null) await notifyStorefrontChanged(tx, store.id);
      return toPageSummary(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw pageSlugTaken();
    throw error;
  }
}
