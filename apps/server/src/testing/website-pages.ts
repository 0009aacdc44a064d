import type { WebsiteBlock, WebsitePageContent } from '@shopfront/core';
import { newId } from '../db/ids.ts';
import type { Executor } from '../db/executor.ts';
import { websitePages } from '../db/schema/index.ts';

export const pageContent = (...blocks: WebsiteBlock[]): WebsitePageContent => ({ root: { props: {} }, content: blocks });

export const hero = (heading: string, extra: Partial<Extract<WebsiteBlock, { type: 'Hero' }>['props']> = {}): WebsiteBlock => ({
  type: 'Hero',
  props: { id: `Hero-${heading.length}`, heading, subheading: '', align: 'left', ...extra },
});

export interface SeedPageOptions {
  slug: string;
  title?: string;
  position?: number;
  published?: WebsitePageContent | null;
  draft?: WebsitePageContent | null;
  seoTitle?: string;
  seoDescription?: string;
  seoImageSrc?: string;
}

/** A website page written straight to the table (what publishing leaves behind). */
export async function seedWebsitePage(db: Executor, storeId: string, options: SeedPageOptions): Promise<string> {
  const id = newId('page');
  await db.insert(websitePages).values({
    id,
    storeId,
    slug: options.slug,
    title: options.title ?? options.slug,
    position: options.position ?? 0,
    seoTitle: options.seoTitle ?? '',
    seoDescription: options.seoDescription ?? '',
    seoImageSrc: options.seoImageSrc ?? '',
    publishedContent: options.published === undefined ? pageContent(hero(`Welcome to ${options.slug}`)) : options.published,
    publishedAt: options.published === null ? null : new Date('2026-11-20T10:00:00Z'),
    draftContent: options.draft ?? null,
    draftUpdatedAt: options.draft ? new Date() : null,
  });
  return id;
}
