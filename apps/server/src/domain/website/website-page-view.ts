// Exports how a page row is shown to its creator (toPageSummary, toPage, pageStatus): every
// function answers with one of them.
import { HOME_PAGE_SLUG, type WebsitePage, type WebsitePageStatus, type WebsitePageSummary } from '@shopfront/core';
import type { websitePages } from '#src/db/schema/index.ts';

export type WebsitePageRow = typeof websitePages.$inferSelect;

export function pageStatus(row: Pick<WebsitePageRow, 'publishedContent' | 'draftContent'>): WebsitePageStatus {
  if (row.publishedContent === null) return 'draft';
  return row.draftContent === null ? 'published' : 'changed';
}

export function toPageSummary(row: WebsitePageRow): WebsitePageSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    position: row.position,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoImageSrc: row.seoImageSrc,
    isHome: row.slug === HOME_PAGE_SLUG,
    status: pageStatus(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    draftUpdatedAt: row.draftUpdatedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPage(row: WebsitePageRow): WebsitePage {
  return { ...toPageSummary(row), draftContent: row.draftContent, publishedContent: row.publishedContent };
}
