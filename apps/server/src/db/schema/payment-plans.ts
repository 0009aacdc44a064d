import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { orders } from './orders.ts';
import { products } from './products.ts';
import { stores } from './stores.ts';

export const PAYMENT_PLAN_STATUSES = ['active', 'past_due', 'locked', 'completed', 'cancelled'] as const;
export type PaymentPlanStatus = (typeof PAYMENT_PLAN_STATUSES)[number];

/**
 * A product bought in N monthly instalments (decision 047). Made by fulfilPayment with the order
 * of the first instalment; later instalments are charges on the plan, never new orders.
 * `next_due_at` is the instalment `paid_count + 1` falls due (store clock); `failed_attempts` and
 * `grace_until` follow the membership dunning rules; `test_card` is the saved test card.
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    provider: text('provider').$type<'test' | 'stripe'>().notNull(),
    providerAccountId: text('provider_account_id'),
    instalments: integer('instalments').notNull(),
    instalmentCents: integer('instalment_cents').notNull(),
    currency: text('currency').notNull(),
    paidCount: integer('paid_count').notNull(),
    status: text('status').$type<PaymentPlanStatus>().notNull(),
    nextDueAt: timestamptz('next_due_at'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    graceUntil: timestamptz('grace_until'),
    testCard: text('test_card').$type<'pays' | 'declines'>(),
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('payment_plans_store_idx').on(table.storeId, table.createdAt), index('payment_plans_customer_idx').on(table.customerId)],
);
export type PaymentPlanRow = typeof paymentPlans.$inferSelect;

/** Each charge of a plan: unique per plan, instalment and attempt, so a charge happens once. */
export const paymentPlanCharges = pgTable(
  'payment_plan_charges',
  {
    id: text('id').primaryKey(),
    planId: text('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    instalment: integer('instalment').notNull(),
    attempt: integer('attempt').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'paid' | 'failed' | 'refunded'>().notNull(),
    dueAt: timestamptz('due_at').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** Stripe: the invoice of this instalment (its paid and failed attempts share it). */
    providerInvoiceId: text('provider_invoice_id'),
    refundedAt: timestamptz('refunded_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('payment_plan_charges_charge_idx').on(table.planId, table.instalment, table.attempt),
    index('payment_plan_charges_store_created_idx').on(table.storeId, table.createdAt),
  ],
);
export type PaymentPlanChargeRow = typeof paymentPlanCharges.$inferSelect;

/**
 * The Stripe Price of a plan's instalment on a connected account (decision 047), made once per
 * product, amount and currency as membership tier Prices are: later buyers of the same plan reuse
 * it, and a changed instalment makes a new one while plans already paying keep theirs.
 */
export const paymentPlanStripePrices = pgTable(
  'payment_plan_stripe_prices',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    stripeProductId: text('stripe_product_id').notNull(),
    stripePriceId: text('stripe_price_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('payment_plan_stripe_prices_key_idx').on(table.accountId, table.productId, table.amountCents, table.currency)],
);
