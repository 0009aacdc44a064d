import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { memberships } from './memberships.ts';
import { productFiles, products } from './products.ts';
import { stores } from './stores.ts';

/**
 * Checkouts (docs/selling.md). A checkout is the buyer's intent to pay; it becomes an order
 * only through the payment event (SECURITY "purchases only from verified payment events").
 * `(store_id, idempotency_key)` makes createCheckout idempotent.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** The buyer's browser zone (valid IANA or null): the customer takes it when the checkout is paid. */
    timeZone: text('time_zone'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The order bump the buyer ticked, and what it adds to `amount_cents` (docs/selling.md "Order bumps"). */
    bumpProductId: text('bump_product_id').references(() => products.id, { onDelete: 'cascade' }),
    bumpAmountCents: integer('bump_amount_cents').notNull().default(0),
    /** A payment plan checkout (decision 047): N and the instalment, fixed when it starts; `amount_cents` is the first instalment. */
    planInstalments: integer('plan_instalments'),
    planInstalmentCents: integer('plan_instalment_cents'),
    provider: text('provider').$type<'test' | 'stripe' | 'free'>().notNull(),
    /** Stripe Checkout Session id; null for the test provider. */
    providerSessionId: text('provider_session_id'),
    providerAccountId: text('provider_account_id'),
    status: text('status').$type<'open' | 'completed' | 'expired'>().notNull().default('open'),
    expiresAt: timestamptz('expires_at').notNull(),
    completedAt: timestamptz('completed_at'),
    /**
     * The buyer's daily analytics visitor hash and its store-local day, taken when the checkout
     * started, so the purchase (recorded later, from the payment event) joins the same visit.
     */
    analyticsVisitor: bigint('analytics_visitor', { mode: 'bigint' }),
    analyticsVisitDay: date('analytics_visit_day', { mode: 'string' }),
    /**
     * The affiliate referral createCheckout resolved (docs/affiliates.md): the last counted visit
     * within the program's window, or the code the buyer's session carried. Plain ids, no foreign
     * key: fulfilment checks them again, and the order keeps them for audit.
     */
    affiliateId: text('affiliate_id'),
    referralCode: text('referral_code'),
    referredAt: timestamptz('referred_at'),
    referralFingerprint: text('referral_fingerprint'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('checkouts_idempotency_idx').on(table.storeId, table.idempotencyKey),
    uniqueIndex('checkouts_provider_session_idx').on(table.providerSessionId),
  ],
);

/**
 * One order per paid checkout (`checkout_id` unique: a replayed payment event cannot make a
 * second). Products and customers are kept while orders point at them (no action on delete;
 * a deleted store takes all of it).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    checkoutId: text('checkout_id')
      .notNull()
      .unique()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** The title at purchase time (receipts and the sales page keep it if the product changes). */
    productTitle: text('product_title').notNull(),
    status: text('status').$type<'paid' | 'refunded'>().notNull().default('paid'),
    provider: text('provider').$type<'test' | 'stripe' | 'free'>().notNull(),
    /** Stripe PaymentIntent id (refunds); the test provider's payment id. */
    providerPaymentId: text('provider_payment_id'),
    providerAccountId: text('provider_account_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull().default(0),
    /** The sum of the order's refunds (order_refunds); the order is `refunded` once it reaches amount_cents. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** When the order became fully refunded (access ended). */
    refundedAt: timestamptz('refunded_at'),
    /**
     * The referral the order was attributed to, kept for audit: the affiliate and code, when the
     * referred visit was, and what fulfilment decided (`credited`, or why not: `self-referral`,
     * `inactive`, `program-off`, `expired`). Null when the checkout carried no referral.
     */
    affiliateId: text('affiliate_id'),
    referralCode: text('referral_code'),
    referredAt: timestamptz('referred_at'),
    referralOutcome: text('referral_outcome'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('orders_store_created_idx').on(table.storeId, table.createdAt),
    index('orders_customer_idx').on(table.customerId),
  ],
);

/**
 * The lines of an order: the main product and, when ticked, the order bump. Written with the
 * order; delivery grants the files of every line's product (and of bundles' included products).
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** The title at purchase time. */
    title: text('title').notNull(),
    amountCents: integer('amount_cents').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('order_items_order_idx').on(table.orderId), index('order_items_product_idx').on(table.productId)],
);

/**
 * Every product an order grants, written once at fulfilment: each line's product, and the
 * included products of a bundle as the bundle was at that moment (`viaProductId` = the bundle).
 * Downloads read only these rows, so a later change to a bundle never takes files from its buyers.
 */
export const orderGrants = pgTable(
  'order_grants',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    viaProductId: text('via_product_id'),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.productId] }), index('order_grants_product_idx').on(table.productId)],
);

/** One refund of an order, full or partial, in the order's currency's minor units. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The provider's refund id (Stripe `re_…`); null for free orders. */
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
  },
  (table) => [index('order_refunds_order_idx').on(table.orderId)],
);

/** Every completed download: the response sent the file's last byte (the count on the sales page). */
export const downloadEvents = pgTable(
  'download_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => productFiles.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('download_events_order_idx').on(table.orderId)],
);

/**
 * Every response that serves a file of an order, for the download limit (docs/selling.md
 * "Download limit"): it reserves its length when it starts and keeps what it sent when it ends,
 * so the limit counts bytes served (limit × file size), however the downloads are timed or cut.
 */
export const downloadTransfers = pgTable(
  'download_transfers',
  {
    id: text('id').primaryKey(),
    /** The order downloading, or (membershipId) the member downloading a tier's file: exactly one. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id').references(() => memberships.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => productFiles.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The response's length (1 for an empty file), counted while it runs. */
    reservedBytes: bigint('reserved_bytes', { mode: 'number' }).notNull(),
    /** What it sent; null while it runs. */
    servedBytes: bigint('served_bytes', { mode: 'number' }),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
  },
  (table) => [
    index('download_transfers_order_file_idx').on(table.orderId, table.fileId),
    index('download_transfers_membership_file_idx').on(table.membershipId, table.fileId),
    check('download_transfers_one_holder', sql`num_nonnulls(${table.orderId}, ${table.membershipId}) = 1`),
  ],
);

/** SECURITY "processed once per event id in the same transaction as their effects". */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>(),
  processedAt: createdAt(),
});

/** A store's connected payment account (Stripe Connect Standard). No secret is stored. */
export const paymentAccounts = pgTable('payment_accounts', {
  storeId: text('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'stripe'>().notNull(),
  accountId: text('account_id').notNull(),
  livemode: integer('livemode').notNull().default(0),
  connectedAt: createdAt(),
  updatedAt: updatedAt(),
});

export type CheckoutRow = typeof checkouts.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
