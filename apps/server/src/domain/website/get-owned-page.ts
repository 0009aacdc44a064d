import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { websitePages } from '#src/db/schema/index.ts';
import type { WebsitePageRow } from './website-page-view.ts';

export interface OwnedPageOptions {
  /** A store the caller owns (getOwnedStore ran first). */
  storeId: string;
  pageId: string;
  /** Inside a transaction: lock the row until it commits. */
  lock?: boolean;
}

/**
 * SECURITY "Tenancy": the page only when it belongs to the store, so another store's page id
 * answers exactly like one that does not exist.
 */
export async function getOwnedPage(db: Executor, options: OwnedPageOptions): Promise<WebsitePageRow> {
  const query = db
    .select()
    .from(websitePages)
    .where(and(eq(websitePages.id, options.pageId), eq(websitePages.storeId, options.storeId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw pageNotFound();
  return row;
}

export function pageNotFound(): AppError {
  return new AppError('not-found', MESSAGES.website.pageNotFound);
}

/** What every action on one page is given. */
export interface PageActionOptions {
  db: Database;
  userId: string;
  storeId: string;
  pageId: string;
  now: Date;
}
