import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { stores } from './stores.ts';

/**
 * A store's customers (spec §3 sub-collection). One row per (store, email): the CRM
 * record a purchase creates, which becomes a members-area account (realm = the store's tenant)
 * once the buyer verifies the email and sets a password. The same email at two stores is two rows.
 */
export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Canonical: NFKC, trimmed, lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** Set when the customer unsubscribed or opted out; imports never turn consent back on after it. */
    marketingWithdrawnAt: timestamptz('marketing_withdrawn_at'),
    /** The IANA zone the contact's browser reported at a signup or checkout; null when never told. */
    timeZone: text('time_zone'),
    /** Members-area account: argon2id, set at sign-up; null for buyers without an account. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamptz('email_verified_at'),
    accountCreatedAt: timestamptz('account_created_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('customers_store_email_idx').on(table.storeId, table.email),
    index('customers_store_created_idx').on(table.storeId, table.createdAt),
    // Search (docs/selling.md "Customers"): a prefix of the name or the email by range.
    index('customers_store_name_prefix_idx').on(table.storeId, sql`lower(${table.name}) text_pattern_ops`),
    index('customers_store_email_prefix_idx').on(table.storeId, table.email.op('text_pattern_ops')),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
