import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { stores } from './stores.ts';

/**
 * Products (docs/selling.md). Money is an integer of the currency's minor unit. The
 * storefront order is the store's `product_layout.order`; `archived_at` marks a product deleted
 * while it had orders (buyers keep access; it is never listed or sold again).
 */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    type: text('type').$type<'digital' | 'lead-magnet' | 'link' | 'membership' | 'course' | 'call'>().notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    /** Sanitised on write (sanitize-html); rendered as HTML on the storefront. */
    descriptionHtml: text('description_html').notNull().default(''),
    coverImageUrl: text('cover_image_url'),
    priceMode: text('price_mode').$type<'fixed' | 'free' | 'pay-what-you-want'>().notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    minPriceCents: integer('min_price_cents').notNull().default(0),
    compareAtCents: integer('compare_at_cents'),
    currency: text('currency').notNull(),
    ctaLabel: text('cta_label').notNull(),
    externalUrl: text('external_url'),
    /** How many completed downloads each order gets per file set; null is unlimited (docs/selling.md "Delivery"). */
    downloadLimit: integer('download_limit'),
    /** The order bump offered at checkout: another published download of the same store (docs/selling.md "Order bumps"). */
    bumpProductId: text('bump_product_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    /** What the bump costs when ticked: above 0, below the bump product's own price. */
    bumpPriceCents: integer('bump_price_cents'),
    /** The one-click upsell offered after payment: another published one-off product of the same store (decision 045). */
    upsellProductId: text('upsell_product_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    /** Its special price: above 0, at most its normal price. */
    upsellPriceCents: integer('upsell_price_cents'),
    upsellHeadline: text('upsell_headline'),
    /** Offered instead when the buyer declines the upsell (only with one): the same kinds of product; the same product only below the upsell's price. */
    downsellProductId: text('downsell_product_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    downsellPriceCents: integer('downsell_price_cents'),
    downsellHeadline: text('downsell_headline'),
    /** Also sold in this many monthly instalments, 2–12 (decision 047); null: paid in full only. */
    planInstalments: integer('plan_instalments'),
    /** The creator's instalment; null: the price divided by N, rounded up to the minor unit. */
    planInstalmentCents: integer('plan_instalment_cents'),
    /** A membership's storefront page lists its locked posts' titles (docs/memberships.md "Members-only posts"); off hides them. */
    showLockedPostTitles: boolean('show_locked_post_titles').notNull().default(true),
    status: text('status').$type<'draft' | 'published' | 'archived'>().notNull().default('draft'),
    archivedAt: timestamptz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('products_store_slug_idx').on(table.storeId, table.slug),
    index('products_store_status_idx').on(table.storeId, table.status),
  ],
);

/** The files a digital download delivers. `storage_key` is server-built, never a client path. */
export const productFiles = pgTable(
  'product_files',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('product_files_product_idx').on(table.productId)],
);

/**
 * A bundle's included products (docs/selling.md "Bundles"): downloads of the same store, never a
 * bundle, never the bundle itself. Buying the bundle grants every file of every included product.
 */
export const bundleItems = pgTable(
  'bundle_items',
  {
    bundleProductId: text('bundle_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bundleProductId, table.productId] }), index('bundle_items_product_idx').on(table.productId)],
);

export type ProductRow = typeof products.$inferSelect;
export type ProductFileRow = typeof productFiles.$inferSelect;
export type BundleItemRow = typeof bundleItems.$inferSelect;
