// Exports the page slug rules (assertPageSlugFree, pageSlugTaken, assertPageRoom): create, update
// and duplicate share them.
import { AppError, HOME_PAGE_SLUG, MESSAGES } from '@shopfront/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { websitePages } from '#src/db/schema/index.ts';

/**
 * A page's slug: `home` only for the home page (which keeps it), otherwise unique in the store.
 * Callers hold the store row lock, so two pages cannot take one slug at once; the unique index
 * is the backstop.
 */
export async function assertPageSlugFree(
  db: Executor,
  options: { storeId: string; slug: string; pageId?: string; isHome?: boolean },
): Promise<void> {
  if (options.isHome && options.slug !== HOME_PAGE_SLUG) throw new AppError('invalid-argument', MESSAGES.website.homeSlugFixed);
  if (!options.isHome && options.slug === HOME_PAGE_SLUG) throw new AppError('invalid-argument', MESSAGES.website.slugReserved);
  const conditions = [eq(websitePages.storeId, options.storeId), eq(websitePages.slug, options.slug)];
  if (options.pageId) conditions.push(ne(websitePages.id, options.pageId));
  const [taken] = await db.select({ id: websitePages.id }).from(websitePages).where(and(...conditions)).limit(1);
  if (taken) throw pageSlugTaken();
}

export function pageSlugTaken(): AppError {
  const message = MESSAGES.website.slugTaken;
  return new AppError('already-exists', message, { formErrors: [], fieldErrors: { slug: [message] } });
}

export async function assertPageRoom(db: Executor, storeId: string, limit: number): Promise<void> {
  const rows = await db.select({ id: websitePages.id }).from(websitePages).where(eq(websitePages.storeId, storeId));
  if (rows.length >= limit) throw new AppError('failed-precondition', MESSAGES.website.tooManyPages, { pagesPerStore: limit });
}
