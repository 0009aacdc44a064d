import type { WebsitePageContent } from '@shopfront/core';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { stores, users } from './stores.ts';

/**
 * A store's website pages. `draft_content` null: no unsaved draft; `published_content` null:
 * never published or unpublished, so visitors never see the page. A store "has a website" when one
 * of its pages has published content. Every website has one page with slug `home`.
 */
export const websitePages = pgTable(
  'website_pages',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** The page's place in the site navigation, from 0. */
    position: integer('position').notNull(),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    seoImageSrc: text('seo_image_src').notNull().default(''),
    draftContent: jsonb('draft_content').$type<WebsitePageContent>(),
    draftUpdatedAt: timestamptz('draft_updated_at'),
    publishedContent: jsonb('published_content').$type<WebsitePageContent>(),
    publishedAt: timestamptz('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('website_pages_store_slug_idx').on(table.storeId, table.slug), index('website_pages_store_position_idx').on(table.storeId, table.position)],
);

/** Published versions of a page, numbered from 1; publishing keeps the newest 20. */
export const websitePageVersions = pgTable(
  'website_page_versions',
  {
    id: text('id').primaryKey(),
    pageId: text('page_id')
      .notNull()
      .references(() => websitePages.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<WebsitePageContent>().notNull(),
    title: text('title').notNull(),
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
    publishedBy: text('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('website_page_versions_page_version_idx').on(table.pageId, table.version)],
);
