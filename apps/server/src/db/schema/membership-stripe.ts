import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { membershipCheckouts } from './membership-checkouts.ts';
import { membershipTiers, type MembershipInterval } from './memberships.ts';
import { stores } from './stores.ts';

/**
 * The Stripe Price made on a store's connected account for one tier price (tier, interval,
 * amount, currency). A tier's new price makes a new row and a new Price for new members; members
 * already subscribed stay on the Price they joined at (decision 041).
 */
export const membershipStripePrices = pgTable(
  'membership_stripe_prices',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    tierId: text('tier_id')
      .notNull()
      .references(() => membershipTiers.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    interval: text('interval').$type<MembershipInterval>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    stripeProductId: text('stripe_product_id').notNull(),
    stripePriceId: text('stripe_price_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('membership_stripe_prices_tier_price_idx').on(table.accountId, table.tierId, table.interval, table.amountCents, table.currency),
    uniqueIndex('membership_stripe_prices_price_idx').on(table.accountId, table.stripePriceId),
  ],
);

/**
 * A member's Stripe subscription on the connected account it lives on: which account and store
 * may send its events, the Stripe customer (for the customer portal) and its one item (for a
 * tier change). Written from verified webhook events only.
 */
export const membershipStripeSubscriptions = pgTable('membership_stripe_subscriptions', {
  subscriptionId: text('subscription_id').primaryKey(),
  accountId: text('account_id').notNull(),
  storeId: text('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
  membershipCheckoutId: text('membership_checkout_id').references(() => membershipCheckouts.id, { onDelete: 'set null' }),
  stripeCustomerId: text('stripe_customer_id').notNull(),
  itemId: text('item_id'),
  priceId: text('price_id'),
  /** The newest subscription event applied (its Stripe `created`): an older snapshot changes nothing. */
  lastEventAt: timestamptz('last_event_at'),
  /**
   * The member's newest request sent to Stripe that its webhook has not yet reflected (the members
   * area shows it as waiting); cleared by the first snapshot that shows it done.
   */
  pendingRequest: jsonb('pending_request').$type<StripePendingRequest>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A members-area request to a Stripe subscription (`tierId` for a tier change); `at` is ISO. */
export interface StripePendingRequest {
  type: 'cancel_scheduled' | 'cancel_undone' | 'paused' | 'resumed' | 'tier_changed';
  tierId?: string;
  at: string;
}

export type MembershipStripePriceRow = typeof membershipStripePrices.$inferSelect;
export type MembershipStripeSubscriptionRow = typeof membershipStripeSubscriptions.$inferSelect;
