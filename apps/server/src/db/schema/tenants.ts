import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { stores } from './stores.ts';

/** One customer realm per store (spec createTenant / getTenantInfo / deleteTenant). */
export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  storeId: text('store_id')
    .notNull()
    .unique()
    .references(() => stores.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type TenantRow = typeof tenants.$inferSelect;
