import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { checkouts } from './orders.ts';
import { products } from './products.ts';
import { stores } from './stores.ts';

/**
 * Discount codes (docs/selling.md "Discount codes"). `code` is stored upper-case and unique per
 * store. `value` is a whole percent or an amount in `currency`'s minor units.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    value: integer('value').notNull(),
    currency: text('currency').notNull(),
    /** Null: every product of the store. */
    productId: text('product_id').references(() => products.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at'),
    maxUses: integer('max_uses'),
    maxUsesPerEmail: integer('max_uses_per_email'),
    minPriceCents: integer('min_price_cents').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('discount_codes_store_code_idx').on(table.storeId, table.code), index('discount_codes_store_idx').on(table.storeId, table.createdAt)],
);

/**
 * One use of a code by one checkout. A use counts while its checkout is open and unexpired (held
 * for the buyer who is paying) or completed (used); an expired checkout gives its use back without
 * a cleanup job. Written in the transaction that creates the checkout, under a lock on the code row.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    checkoutId: text('checkout_id')
      .primaryKey()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    discountId: text('discount_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Lower-cased, for the per-buyer limit. */
    email: text('email').notNull(),
    /** The price before the discount; the checkout holds the price paid. */
    priceCents: integer('price_cents').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('discount_redemptions_discount_idx').on(table.discountId, table.email)],
);

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
