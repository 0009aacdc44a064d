import type { AutomationStatus, AutomationStep, AutomationTrigger, AutomationTriggerKind } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { emailCampaigns } from './email-marketing.ts';
import { orders } from './orders.ts';
import { stores } from './stores.ts';

/** An email automation (decision 044): one trigger and an ordered list of steps, kept whole. */
export const automations = pgTable(
  'automations',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<AutomationStatus>().notNull().default('draft'),
    triggerKind: text('trigger_kind').$type<AutomationTriggerKind>().notNull(),
    trigger: jsonb('trigger').$type<AutomationTrigger>().notNull(),
    /** Step ids are stable across edits: a run's position is a step id (and its index, for removed steps). */
    steps: jsonb('steps').$type<AutomationStep[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('automations_store_idx').on(table.storeId, table.createdAt),
    index('automations_live_trigger_idx').on(table.storeId, table.triggerKind).where(sql`${table.status} = 'live'`),
  ],
);

export type AutomationRunStatus = 'active' | 'completed' | 'stopped';
/** `test`: the run's waits follow the store's test clock (its trigger was a test-mode object). */
export type AutomationRunClock = 'real' | 'test';

/** One contact going through one automation for one trigger event (`trigger_key`), at most once. */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: text('id').primaryKey(),
    automationId: text('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    triggerKey: text('trigger_key').notNull(),
    status: text('status').$type<AutomationRunStatus>().notNull().default('active'),
    stopReason: text('stop_reason'),
    clock: text('clock').$type<AutomationRunClock>().notNull().default('real'),
    /** The step the run is at (waiting or about to run), and its index when it got there. */
    stepId: text('step_id'),
    stepIndex: integer('step_index').notNull().default(0),
    /** The abandoned checkout that started the run: paying it ends the run. */
    checkoutId: text('checkout_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    uniqueIndex('automation_runs_event_idx').on(table.automationId, table.customerId, table.triggerKey),
    index('automation_runs_step_idx').on(table.automationId, table.stepId).where(sql`${table.status} = 'active'`),
    index('automation_runs_checkout_idx').on(table.checkoutId).where(sql`${table.checkoutId} is not null and ${table.status} = 'active'`),
  ],
);

export type StepRunStatus = 'running' | 'done';

/**
 * A step executed for a run: made when its job first runs, `done` in the transaction that moves
 * the run on and completes the job. An email step keeps its recipient row (fixed Message-ID).
 */
export const automationStepRuns = pgTable(
  'automation_step_runs',
  {
    runId: text('run_id')
      .notNull()
      .references(() => automationRuns.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    automationId: text('automation_id').notNull(),
    storeId: text('store_id').notNull(),
    status: text('status').$type<StepRunStatus>().notNull().default('running'),
    outcome: text('outcome'),
    recipientId: text('recipient_id'),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [primaryKey({ columns: [table.runId, table.stepId] }), index('automation_step_runs_step_idx').on(table.automationId, table.stepId)],
);

/**
 * The hidden campaign row behind each version of an email step's content (by content hash):
 * sends are rows of `email_campaign_recipients` under it, so links, webhooks, suppressions and
 * the complaint rate work as for campaigns, and a sent email's links keep their own version.
 */
export const automationStepEmails = pgTable(
  'automation_step_emails',
  {
    campaignId: text('campaign_id')
      .primaryKey()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    automationId: text('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    contentHash: text('content_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('automation_step_emails_version_idx').on(table.automationId, table.stepId, table.contentHash)],
);

/**
 * An order attributed to the automation email its buyer clicked last within 7 days before paying
 * (decided once, in the order's transaction): the step's revenue is the order's amount less its
 * refunds, read from the order, so a refund subtracts without touching this row.
 */
export const automationOrderAttributions = pgTable(
  'automation_order_attributions',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    automationId: text('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    /** The clicked email (an `email_campaign_recipients` row) and when it was first clicked. */
    recipientId: text('recipient_id').notNull(),
    clickedAt: timestamptz('clicked_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('automation_order_attributions_step_idx').on(table.automationId, table.stepId)],
);
