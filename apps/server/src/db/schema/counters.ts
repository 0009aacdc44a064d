import { bigint, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { products } from './products.ts';
import { stores } from './stores.ts';

/**
 * What the dashboard would otherwise count over every order and customer of a store (decision
 * 036): kept on write by statement-level triggers on `orders` and `customers` (migration
 * 0027_store_counters), so every writer — checkout, refunds, imports, deletions, a restore — keeps
 * them true without knowing of them. A writer adds to the row of its connection's shard, so
 * concurrent checkouts never queue on one row; a store's figure is the sum of its shards (none: 0).
 * Orders are split by status so a status filter reads them too.
 */
export const storeCounters = pgTable(
  'store_counters',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    customers: integer('customers').notNull().default(0),
    paidOrders: integer('paid_orders').notNull().default(0),
    paidGrossCents: bigint('paid_gross_cents', { mode: 'number' }).notNull().default(0),
    paidRefundedCents: bigint('paid_refunded_cents', { mode: 'number' }).notNull().default(0),
    refundedOrders: integer('refunded_orders').notNull().default(0),
    refundedGrossCents: bigint('refunded_gross_cents', { mode: 'number' }).notNull().default(0),
    refundedRefundedCents: bigint('refunded_refunded_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.shard] })],
);

/** A product's paid orders (its `salesCount`), in shards like store_counters and kept by the same trigger. */
export const productCounters = pgTable(
  'product_counters',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    paidOrders: integer('paid_orders').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productId, table.shard] })],
);
