import type { LinkBlock, ProductLayout, SocialLink } from '@shopfront/core';
import { boolean, index, integer, jsonb, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';

// Users and stores share a file because each references the other (users.active_store_id and
// stores.creator_id); two files would import each other.

/** Spec §3 User. `email` is stored canonical (trimmed, lower-case). */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  displayName: text('display_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  role: text('role').notNull().default('creator'),
  isAdmin: boolean('is_admin').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  hasStore: boolean('has_store').notNull().default(false),
  storeCount: integer('store_count').notNull().default(0),
  activeStoreId: text('active_store_id').references((): AnyPgColumn => stores.id, { onDelete: 'set null' }),
  emailVerified: boolean('email_verified').notNull().default(false),
  planId: text('plan_id').notNull().default('free'),
  photoUrl: text('photo_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export type ThemeOverrides = { colors?: Record<string, string> };

/** Spec §3 Store. A creator cannot be deleted while they own stores (restrict). */
export const stores = pgTable(
  'stores',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    theme: text('theme').notNull().default('mocha-mood'),
    themeOverrides: jsonb('theme_overrides').$type<ThemeOverrides>().notNull().default({}),
    /** Spec §3 `domain` (the platform URL the creator chose); `customDomain` is the verified one. */
    domain: text('domain'),
    customDomain: text('custom_domain'),
    primaryColor: text('primary_color'),
    backgroundColor: text('background_color'),
    /** The published profile beyond the spec's named fields. */
    avatarUrl: text('avatar_url'),
    socialLinks: jsonb('social_links').$type<SocialLink[]>().notNull().default([]),
    links: jsonb('links').$type<LinkBlock[]>().notNull().default([]),
    productLayout: jsonb('product_layout').$type<ProductLayout>().notNull().default({ order: [], hidden: [] }),
    /** ISO 4217, for new products and checkouts (orders keep their own). */
    currency: text('currency').notNull().default('USD'),
    /** Sale emails to the creator: 'each' sale (default), a 'daily' digest, or 'off'. */
    saleNotifications: text('sale_notifications').$type<'each' | 'daily' | 'off'>().notNull().default('each'),
    /** IANA time zone (`Europe/Berlin`): the store's days for sales ranges, the CSV and analytics. */
    timeZone: text('time_zone').notNull().default('UTC'),
    publishedAt: timestamptz('published_at'),
    /**
     * Why a published store is offline; null = online. Visitors get the offline page (not a 404)
     * and every buyer path refuses; the data stays. 'owner-deactivated' follows the owner's account,
     * 'abuse' is an admin's unpublish (offlineNote is the reason shown to the owner), 'plan-limit'
     * is a store the owner did not keep after a downgrade.
     */
    offlineReason: text('offline_reason').$type<'owner-deactivated' | 'abuse' | 'plan-limit'>(),
    offlineNote: text('offline_note'),
    /** Bumped on every change a visitor can see; part of the storefront ETag. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('stores_creator_id_created_at_idx').on(table.creatorId, table.createdAt)],
);

/** Spec §3 store-previews: one draft per store, deleted on publish (spec §4). */
export const storeDrafts = pgTable('store_drafts', {
  storeId: text('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  isPreview: boolean('is_preview').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type StoreRow = typeof stores.$inferSelect;
/** What a kept dashboard answer needs of its store: its id, its owner and the zone its days are in. */
export type KeptAnswerStore = Pick<StoreRow, 'id' | 'creatorId' | 'timeZone'>;
export type NewStoreRow = typeof stores.$inferInsert;
