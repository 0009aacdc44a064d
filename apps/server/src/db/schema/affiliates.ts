import { bigint, boolean, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { orders } from './orders.ts';
import { paymentPlanCharges } from './payment-plans.ts';
import { products } from './products.ts';
import { stores } from './stores.ts';

/**
 * A store's affiliate program (docs/affiliates.md): off until the creator turns it on. One row per
 * store, created on first save; a store without a row has the defaults of AFFILIATE_DEFAULTS.
 */
export const affiliatePrograms = pgTable('affiliate_programs', {
  storeId: text('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** The default commission, a whole percent of what the buyer paid (1–90). */
  commissionPercent: integer('commission_percent').notNull(),
  /** How long after a referred visit a purchase is still credited (cookie-less: by fingerprint). */
  windowDays: integer('window_days').notNull(),
  /** How long a commission stays pending before it can be paid, so refunds land first. */
  holdingDays: integer('holding_days').notNull(),
  joinMode: text('join_mode').$type<'open' | 'approval'>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A product's own commission, overriding the program's default. */
export const affiliateProductRates = pgTable('affiliate_product_rates', {
  productId: text('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  storeId: text('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
  commissionPercent: integer('commission_percent').notNull(),
});

/**
 * A members-area customer who refers buyers to the store. The same account buys and refers; it is
 * per store, as members accounts are. `code` is unique across the platform, so `?ref=CODE` names
 * one affiliate. Removed affiliates keep their row (and their commissions and payouts) for the
 * ledger; their code stops counting.
 */
export const affiliates = pgTable(
  'affiliates',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    status: text('status').$type<'pending' | 'active' | 'paused' | 'removed'>().notNull(),
    /** Joined through the creator's invite (pre-approved). */
    invited: boolean('invited').notNull().default(false),
    approvedAt: timestamptz('approved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('affiliates_code_idx').on(table.code),
    uniqueIndex('affiliates_store_customer_idx').on(table.storeId, table.customerId),
  ],
);

/** The creator's invitation of an email address; that customer joins approved, whatever the join mode. */
export const affiliateInvites = pgTable(
  'affiliate_invites',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Canonical: NFKC, trimmed, lower-case (as customers.email). */
    email: text('email').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    /** The recipient asked for no more invitations from this store (the link in the email). */
    declinedAt: timestamptz('declined_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('affiliate_invites_store_email_idx').on(table.storeId, table.email)],
);

/**
 * Every referred visit the storefront reported (trackAffiliateVisit), counted or ignored, once per
 * session per fingerprint. No IP address is stored; the fingerprint is 16 hex characters of a hash
 * of browser traits (spec §9). A counted visit is what a later checkout with the same fingerprint is
 * attributed to, within the program's window.
 */
export const affiliateVisits = pgTable(
  'affiliate_visits',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    affiliateId: text('affiliate_id').references(() => affiliates.id, { onDelete: 'set null' }),
    /** The code as the visitor's link carried it (canonical upper case). */
    code: text('code').notNull(),
    fingerprint: text('fingerprint').notNull(),
    outcome: text('outcome').$type<'counted' | 'ignored'>().notNull(),
    /** unknown-code, inactive (pending, paused or removed), self-referral, bot; null when counted. */
    ignoredReason: text('ignored_reason'),
    /** The landing page's path (no query string). */
    landingPath: text('landing_path'),
    timezone: text('timezone'),
    language: text('language'),
    screen: text('screen'),
    createdAt: createdAt(),
  },
  (table) => [
    index('affiliate_visits_store_fingerprint_idx').on(table.storeId, table.fingerprint, table.createdAt),
    index('affiliate_visits_affiliate_idx').on(table.affiliateId, table.createdAt),
  ],
);

/** A referred visitor who created a members account (trackAffiliateSignup): once per customer. */
export const affiliateSignups = pgTable(
  'affiliate_signups',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    affiliateId: text('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint'),
    userAgent: text('user_agent'),
    timezone: text('timezone'),
    language: text('language'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('affiliate_signups_customer_idx').on(table.customerId), index('affiliate_signups_affiliate_idx').on(table.affiliateId)],
);

/**
 * A payout to an affiliate: every payable commission of one currency, settled at once. `manual`
 * is the creator's own transfer, marked paid here; `stripe_transfer` is for Stripe Connect
 * transfers to an affiliate's connected account (`external_id` = the transfer), not built yet.
 */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    affiliateId: text('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    commissionCount: integer('commission_count').notNull(),
    method: text('method').$type<'manual' | 'stripe_transfer'>().notNull(),
    externalId: text('external_id'),
    note: text('note').notNull().default(''),
    /** The creator who marked it paid. */
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (table) => [index('affiliate_payouts_affiliate_idx').on(table.affiliateId, table.createdAt), index('affiliate_payouts_store_idx').on(table.storeId, table.createdAt)],
);

/**
 * One commission per referred paid order (`order_id` unique: a replayed payment makes none more),
 * written by fulfilment in the order's transaction. `amount_cents` is the commission at sale;
 * refunds before payout raise `reversed_cents` in proportion to what was refunded. Its state:
 * cancelled when nothing is left, paid with a payout, payable once `hold_until` has passed
 * (test-mode commissions by the store's test clock), pending before.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    affiliateId: text('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A later instalment of a payment plan (decision 047) earns its own commission; null for the order's own. */
    planChargeId: text('plan_charge_id').references(() => paymentPlanCharges.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** What the buyer paid (the order's amount, or the instalment's), in minor units. */
    baseCents: integer('base_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reversedCents: integer('reversed_cents').notNull().default(0),
    /** The order was paid with the built-in test provider (no real money). */
    testMode: boolean('test_mode').notNull(),
    holdUntil: timestamptz('hold_until').notNull(),
    payoutId: text('payout_id').references(() => affiliatePayouts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One commission per order and one per later plan instalment: a replay adds none.
    unique('affiliate_commissions_order_charge_key').on(table.orderId, table.planChargeId).nullsNotDistinct(),
    index('affiliate_commissions_affiliate_idx').on(table.affiliateId, table.createdAt),
    index('affiliate_commissions_store_idx').on(table.storeId, table.createdAt),
  ],
);
