import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Durable background work (ARCHITECTURE "Jobs"): claimed with FOR UPDATE SKIP LOCKED, so several
 * servers share one queue; `idempotency_key` makes enqueueing the same work twice a no-op.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamptz('locked_until'),
    idempotencyKey: text('idempotency_key'),
    /**
     * The store whose test clock this job follows (decision 035): moving that clock forward moves
     * the job's `run_at` back by as much. Null for every job of real time.
     */
    clockStoreId: text('clock_store_id'),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('jobs_due_idx').on(table.runAt).where(sql`${table.status} in ('pending', 'running')`),
    uniqueIndex('jobs_idempotency_key_idx').on(table.idempotencyKey),
    index('jobs_clock_store_idx').on(table.clockStoreId).where(sql`${table.clockStoreId} is not null and ${table.status} = 'pending'`),
    // The hourly purge of finished jobs (purge-finished-jobs.ts) walks it oldest first.
    // An automation email batch takes the same store and step's other due jobs in run_at order
    // (claimStepSiblings): this index hands them over directly. Without it the planner, which
    // cannot estimate the payload's fields, read and sorted every pending job on each claim.
    index('jobs_step_batch_idx')
      .on(sql`(${table.payload}->>'storeId')`, sql`(${table.payload}->>'stepId')`, table.runAt, table.id)
      .where(sql`${table.kind} = 'automation-step' and ${table.status} = 'pending'`),
    index('jobs_finished_idx').on(table.completedAt).where(sql`${table.status} in ('done', 'failed')`),
  ],
);
