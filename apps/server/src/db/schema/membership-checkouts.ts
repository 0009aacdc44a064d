import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { memberships, membershipTiers, type MembershipInterval } from './memberships.ts';
import { stores } from './stores.ts';

/**
 * A visitor's way to join a tier: created by startMembershipCheckout (once per store and
 * idempotency key), paid on the provider's page. Paying turns it `completed` with the membership
 * it made, so a second payment of one checkout joins nothing twice.
 */
export const membershipCheckouts = pgTable(
  'membership_checkouts',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    tierId: text('tier_id')
      .notNull()
      .references(() => membershipTiers.id, { onDelete: 'cascade' }),
    interval: text('interval').$type<MembershipInterval>().notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** The browser's IANA zone, given to the customer when paid (automation waits on the contact's clock). */
    timeZone: text('time_zone'),
    idempotencyKey: text('idempotency_key').notNull(),
    provider: text('provider').$type<'stripe' | 'test'>().notNull(),
    status: text('status').$type<'open' | 'completed'>().notNull().default('open'),
    membershipId: text('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    /** Stripe: the connected account the Checkout Session was made on, and the session. */
    providerAccountId: text('provider_account_id'),
    providerSessionId: text('provider_session_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (table) => [uniqueIndex('membership_checkouts_idempotency_idx').on(table.storeId, table.idempotencyKey)],
);

export type MembershipCheckoutRow = typeof membershipCheckouts.$inferSelect;
