import { boolean, integer, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { stores } from './stores.ts';

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
