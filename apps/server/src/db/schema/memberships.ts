import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { productFiles, products } from './products.ts';
import { stores } from './stores.ts';

export const MEMBERSHIP_STATUSES = ['trialing', 'active', 'past_due', 'paused', 'ended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export type MembershipInterval = 'month' | 'year';

/**
 * A tier of a membership product (decision 041): what a member pays per month and/or year, in the
 * store currency. A price change applies to new members only: each membership keeps its snapshot.
 */
export const membershipTiers = pgTable(
  'membership_tiers',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
    monthlyPriceCents: integer('monthly_price_cents'),
    yearlyPriceCents: integer('yearly_price_cents'),
    currency: text('currency').notNull(),
    trialDays: integer('trial_days').notNull().default(0),
    setupFeeCents: integer('setup_fee_cents').notNull().default(0),
    /** How many live (not ended) members the tier takes; null is unlimited. */
    memberLimit: integer('member_limit'),
    /** Whether its members may pause (no charges, no access) and resume from the members area. */
    pausable: boolean('pausable').notNull().default(false),
    /** The longest pause the creator allows, in days (a resume date within it is then required); null: the platform's bound. */
    maxPauseDays: integer('max_pause_days'),
    position: integer('position').notNull(),
    /** Archived tiers take no new members; their members stay until the creator moves them. */
    archivedAt: timestamptz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('membership_tiers_product_position_idx').on(table.productId, table.position), index('membership_tiers_store_idx').on(table.storeId)],
);

/**
 * The courses a tier includes (docs/courses.md "Courses in a membership"): while a member has
 * access to the tier, they are enrolled in each (course_enrolments.source_membership_id) and may
 * take it; when access ends, those lessons lock until they renew.
 */
export const membershipTierCourses = pgTable(
  'membership_tier_courses',
  {
    tierId: text('tier_id')
      .notNull()
      .references(() => membershipTiers.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tierId, table.courseId] }), index('membership_tier_courses_course_idx').on(table.courseId)],
);

/**
 * The files a tier includes (docs/memberships.md "Tier files"): files uploaded on the membership
 * product itself, downloaded by the tier's members while their access lasts.
 */
export const membershipTierFiles = pgTable(
  'membership_tier_files',
  {
    tierId: text('tier_id')
      .notNull()
      .references(() => membershipTiers.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => productFiles.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tierId, table.fileId] }), index('membership_tier_files_file_idx').on(table.fileId)],
);

/**
 * A customer's subscription to a tier, on the creator's connected account (Stripe) or the built-in
 * test provider (on the store's test clock). Written only by provider events
 * (domain/memberships/record-membership-event.ts); `lastEventAt` orders them.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tierId: text('tier_id')
      .notNull()
      .references(() => membershipTiers.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status').$type<MembershipStatus>().notNull(),
    interval: text('interval').$type<MembershipInterval>().notNull(),
    /** The price the member joined at (or was moved to): renewals charge this, not the tier's. */
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    /** Charged once, with the first paid invoice. */
    setupFeeCents: integer('setup_fee_cents').notNull().default(0),
    provider: text('provider').$type<'stripe' | 'test'>().notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    /** Test provider only: whether the card on file pays when charged (Stripe keeps the card). */
    testCard: text('test_card').$type<'pays' | 'declines'>(),
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    trialEnd: timestamptz('trial_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelReason: text('cancel_reason'),
    pausedAt: timestamptz('paused_at'),
    /** When a pause with a date ends by itself (null: until the member resumes it). */
    pausedUntil: timestamptz('paused_until'),
    /** After a failed renewal: access lasts until then, while the retries run. */
    graceUntil: timestamptz('grace_until'),
    /** Failed charges of the current period (0 when paid). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    endedAt: timestamptz('ended_at'),
    /**
     * A price move the creator scheduled (docs/memberships.md "Moving members to a new price"): the
     * first renewal due at or after `nextPriceFrom` (the notice's end) charges `nextPriceCents`.
     */
    nextPriceCents: integer('next_price_cents'),
    nextPriceFrom: timestamptz('next_price_from'),
    /** The provider time of the newest event applied: an older event never overwrites it. */
    lastEventAt: timestamptz('last_event_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('memberships_provider_subscription_idx').on(table.provider, table.providerSubscriptionId),
    index('memberships_store_customer_idx').on(table.storeId, table.customerId),
    index('memberships_tier_live_idx').on(table.tierId).where(sql`${table.status} <> 'ended'`),
  ],
);

/** One charge of a membership: one row per period and attempt, so a charge is made once. */
export const membershipInvoices = pgTable(
  'membership_invoices',
  {
    id: text('id').primaryKey(),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'paid' | 'failed'>().notNull(),
    /** `period`: a period's charge; `proration`: a tier change mid-period (negative when credited). */
    kind: text('kind').$type<'period' | 'proration'>().notNull().default('period'),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    attempt: integer('attempt').notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    /** A paid charge the creator refunded: it no longer counts towards the member's lifetime value. */
    refundedAt: timestamptz('refunded_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('membership_invoices_charge_idx').on(table.membershipId, table.kind, table.periodStart, table.attempt),
    index('membership_invoices_store_created_idx').on(table.storeId, table.createdAt),
  ],
);

/** Each provider event applied once: a replay stops at this row. */
export const processedMembershipEvents = pgTable(
  'processed_membership_events',
  {
    provider: text('provider').$type<'stripe' | 'test'>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    processedAt: timestamptz('processed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

export type MembershipTierRow = typeof membershipTiers.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type MembershipInvoiceRow = typeof membershipInvoices.$inferSelect;
