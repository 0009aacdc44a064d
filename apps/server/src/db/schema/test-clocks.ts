import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { stores } from './stores.ts';

/**
 * A store's test clock (decision 035), as Stripe's test clocks: how far the store's test-mode
 * objects (what the built-in test provider paid for) have been moved into the future. Real
 * payments never follow it. A store without a row is at offset 0.
 */
export const storeTestClocks = pgTable('store_test_clocks', {
  storeId: text('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  offsetSeconds: bigint('offset_seconds', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});
