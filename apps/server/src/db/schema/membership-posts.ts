import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { products } from './products.ts';
import { stores } from './stores.ts';

export const MEMBERSHIP_POST_STATUSES = ['draft', 'published'] as const;
export type MembershipPostStatus = (typeof MEMBERSHIP_POST_STATUSES)[number];

/**
 * A members-only post of a membership product (docs/memberships.md "Members-only posts"): rich text
 * sanitised on write, read in the members area by members whose tier it names while their access
 * lasts. `tierIds` null is every tier of the membership, those added later included.
 */
export const membershipPosts = pgTable(
  'membership_posts',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    tierIds: jsonb('tier_ids').$type<string[]>(),
    status: text('status').$type<MembershipPostStatus>().notNull().default('draft'),
    /** Set when first published; kept through an unpublish so the post keeps its place. */
    publishedAt: timestamptz('published_at'),
    /** Files of the membership product attached to the post, in order; members who may read it download them. */
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    /** The hidden campaign that emailed the post to its tiers' members (once per post). */
    emailCampaignId: text('email_campaign_id'),
    emailedAt: timestamptz('emailed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('membership_posts_product_idx').on(table.productId, table.status, table.publishedAt),
    index('membership_posts_store_idx').on(table.storeId),
    check('membership_posts_status', sql`${table.status} in ('draft', 'published')`),
  ],
);
export type MembershipPostRow = typeof membershipPosts.$inferSelect;
