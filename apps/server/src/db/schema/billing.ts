import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { users } from './stores.ts';

/**
 * A creator's platform subscription (Stripe Billing or the built-in test provider): one row per
 * user, written only by verified subscription events (domain/billing/apply-subscription-event.ts).
 * `lastEventAt`/`lastEventId` order the events: an older one never overwrites a newer state.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'test'>().notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The subscription item whose price a plan change replaces (Stripe). */
    providerItemId: text('provider_item_id'),
    planId: text('plan_id').notNull(),
    interval: text('interval').$type<'month' | 'year'>().notNull(),
    status: text('status').$type<'active' | 'past_due' | 'canceled' | 'incomplete'>().notNull(),
    /** The price this subscription started at (an admin's later change does not touch it). */
    priceCents: integer('price_cents').notNull(),
    currentPeriodEnd: timestamptz('current_period_end'),
    /** After a failed payment: the plan stays until then, then the account drops to free. */
    graceUntil: timestamptz('grace_until'),
    lastEventAt: timestamptz('last_event_at'),
    lastEventId: text('last_event_id'),
    /** A plan change asked for on the billing page, until the provider's event confirms it. */
    pendingPlanId: text('pending_plan_id'),
    /** The stores the creator chose to keep published when the plan allows fewer. */
    keptStoreIds: jsonb('kept_store_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('subscriptions_provider_subscription_idx').on(table.providerSubscriptionId)],
);

/** An admin's price for a paid plan; absent rows use core's PLANS defaults. New subscriptions only. */
export const planPrices = pgTable('plan_prices', {
  planId: text('plan_id').primaryKey(),
  monthlyCents: integer('monthly_cents').notNull(),
  yearlyCents: integer('yearly_cents').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
});

/** Invoices the built-in test provider issues (Stripe keeps its own). */
export const testInvoices = pgTable(
  'test_invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    planId: text('plan_id').notNull(),
    interval: text('interval').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('test_invoices_user_created_idx').on(table.userId, table.createdAt)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type TestInvoiceRow = typeof testInvoices.$inferSelect;

/**
 * The built-in test provider's subscription checkout: the page /api/billing/test/:sessionId
 * charges one of these with a test card. `userId` is who started it; the plan and price are fixed
 * at creation, as a Stripe Checkout Session's are.
 */
export const testBillingSessions = pgTable('test_billing_sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull(),
  interval: text('interval').$type<'month' | 'year'>().notNull(),
  priceCents: integer('price_cents').notNull(),
  status: text('status').$type<'open' | 'completed'>().notNull().default('open'),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
});

export type TestBillingSessionRow = typeof testBillingSessions.$inferSelect;
