import type { CampaignStatus, EmailBlock, SegmentFilter } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { stores } from './stores.ts';

export type Smtp2goWebhookStatus = 'none' | 'pending' | 'active' | 'failed';

/**
 * A store's email settings and its sending account (spec §3 Store.smtp2goSubAccount). One row per
 * store, made the first time the creator opens Settings › Email or enables email.
 */
export const storeEmailSettings = pgTable('store_email_settings', {
  storeId: text('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  senderName: text('sender_name').notNull().default(''),
  replyTo: text('reply_to'),
  /** Required before any campaign sends (CAN-SPAM, CASL); printed in every footer. */
  postalAddress: text('postal_address').notNull().default(''),
  trackingEnabled: boolean('tracking_enabled').notNull().default(false),
  enabledAt: timestamptz('enabled_at'),
  pausedAt: timestamptz('paused_at'),
  pausedReason: text('paused_reason'),
  smtp2goSubaccountId: text('smtp2go_subaccount_id'),
  /** AES-GCM under a key derived from the app secret, like TOTP secrets. */
  smtp2goApiKeyEncrypted: text('smtp2go_api_key_encrypted'),
  smtp2goWebhookId: text('smtp2go_webhook_id'),
  smtp2goWebhookStatus: text('smtp2go_webhook_status').$type<Smtp2goWebhookStatus>().notNull().default('none'),
  smtp2goLastError: text('smtp2go_last_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A saved audience filter (segment) of one store. */
export const emailSegments = pgTable(
  'email_segments',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<SegmentFilter>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('email_segments_store_idx').on(table.storeId, table.createdAt)],
);

/** Spec §3 Store sub-collection email_campaigns. */
export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    subject: text('subject').notNull(),
    previewText: text('preview_text').notNull().default(''),
    body: jsonb('body').$type<EmailBlock[]>().notNull(),
    segmentId: text('segment_id').references(() => emailSegments.id, { onDelete: 'set null' }),
    /** The segment's filter when the send started (the segment may change or go later). */
    filterSnapshot: jsonb('filter_snapshot').$type<SegmentFilter>(),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    scheduledAt: timestamptz('scheduled_at'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    statusNote: text('status_note'),
    /** Recipients fanned out (null until the fan-out committed). */
    recipientCount: integer('recipient_count'),
    /** Set on the hidden campaign behind an automation's email step (decision 044): never listed, scheduled or edited as a campaign. */
    automationId: text('automation_id'),
    /** Set on the hidden campaign that emails a members-only post (docs/memberships.md): never listed or edited as a campaign. */
    membershipPostId: text('membership_post_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('email_campaigns_store_idx').on(table.storeId, table.createdAt),
    index('email_campaigns_due_idx').on(table.scheduledAt).where(sql`${table.status} = 'scheduled'`),
  ],
);

export type RecipientStatus = 'pending' | 'sent' | 'failed' | 'skipped' | 'cancelled';

/**
 * One row per (campaign, recipient): the durable state of each message. `message_id` is fixed
 * when the row is made, so any retry after a crash sends the same Message-ID; a row leaves
 * `pending` in the same transaction that records the send.
 */
export const emailCampaignRecipients = pgTable(
  'email_campaign_recipients',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The automation run this message belongs to (decision 044); a contact may get one step's email once per run. */
    automationRunId: text('automation_run_id'),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    status: text('status').$type<RecipientStatus>().notNull().default('pending'),
    messageId: text('message_id').notNull(),
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Lease of the sender holding the row; a crashed sender's rows are taken again after it. */
    lockedUntil: timestamptz('locked_until'),
    sentAt: timestamptz('sent_at'),
    deliveredAt: timestamptz('delivered_at'),
    openedAt: timestamptz('opened_at'),
    clickedAt: timestamptz('clicked_at'),
    bouncedAt: timestamptz('bounced_at'),
    complainedAt: timestamptz('complained_at'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_campaign_recipients_campaign_email_idx').on(table.campaignId, table.email).where(sql`${table.automationRunId} is null`),
    uniqueIndex('email_campaign_recipients_run_idx').on(table.automationRunId, table.campaignId).where(sql`${table.automationRunId} is not null`),
    index('email_campaign_recipients_pending_idx').on(table.campaignId, table.id).where(sql`${table.status} = 'pending'`),
    uniqueIndex('email_campaign_recipients_message_idx').on(table.messageId),
    index('email_campaign_recipients_store_sent_idx').on(table.storeId, table.sentAt),
    // A payment looks up its buyer's clicked automation emails (revenue attribution, decision 044).
    index('email_campaign_recipients_automation_click_idx')
      .on(table.customerId, table.clickedAt)
      .where(sql`${table.automationRunId} is not null and ${table.clickedAt} is not null`),
  ],
);

export type SuppressionReason = 'unsubscribed' | 'bounced' | 'complained' | 'manual';

/** Addresses a store never emails again, whichever campaign or segment would pick them. */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Canonical (trimmed, lower-case), like customers.email. */
    email: text('email').notNull(),
    reason: text('reason').$type<SuppressionReason>().notNull(),
    campaignId: text('campaign_id'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.email] })],
);

/** Provider webhook events already applied (idempotency on the provider's event id). */
export const emailWebhookEvents = pgTable('email_webhook_events', {
  eventId: text('event_id').primaryKey(),
  storeId: text('store_id').notNull(),
  event: text('event').notNull(),
  receivedAt: createdAt(),
});

/**
 * Sends counted per (scope, second) for the per-store and platform-wide rate limits, shared by
 * every server through the database. Old windows are purged by the sender.
 */
export const emailSendWindows = pgTable(
  'email_send_windows',
  {
    scope: text('scope').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.scope, table.windowStart] })],
);

/**
 * Contact imports already run, by the key the dashboard sends with each file it imports: a second
 * call with the same key (a double click, a retry) answers the first call's summary instead of
 * importing again. Rows older than a day are deleted by the store's next import.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    importKey: text('import_key').notNull(),
    /** sha256 of the CSV: the same key with another file is refused. */
    csvSha256: text('csv_sha256').notNull(),
    /** The import's `ImportSummary`; written in the import's own transaction. */
    summary: jsonb('summary').$type<{ totalRows: number; create: number; update: number; skip: number; errors: number }>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.importKey] })],
);
