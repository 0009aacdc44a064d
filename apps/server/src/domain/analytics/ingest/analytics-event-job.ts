// Exports the analytics event job (ANALYTICS_EVENT_KIND, enqueueAnalyticsEvent,
// createAnalyticsEventJob): one module because the payload's shape is shared by both ends.
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { jobs } from '#src/db/schema/index.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { LeaseLostError, PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import type { AnalyticsEventRow } from './analytics-event-row.ts';
import { writeAnalyticsEvents } from './write-analytics-events.ts';

export const ANALYTICS_EVENT_KIND = 'analytics-event';
/** How many other waiting events one run writes with its own, in the same statement. */
export const ANALYTICS_EVENT_BATCH = 500;

/** The row as JSON (the visitor hash as a string): no IP address or user agent is in it. */
type Payload = Omit<AnalyticsEventRow, 'occurredAt' | 'visitor'> & { occurredAt: string; visitor: string | null };

/**
 * Queues one server-side event durably: with a transaction as `db` it exists only if that
 * transaction commits (a purchase with its order, exactly once per `key`). The job writes it
 * later, so a burst of checkouts or payments never waits on the store's rollup rows. It sends no
 * NOTIFY (enqueue-job.ts): a runner takes it at its next poll, together with every other waiting
 * event, so a flash sale's thousand checkouts cost a few writes rather than a thousand.
 */
export function enqueueAnalyticsEvent(db: Executor, row: AnalyticsEventRow, key: string) {
  const payload: Payload = { ...row, occurredAt: row.occurredAt.toISOString(), visitor: row.visitor === null ? null : row.visitor.toString() };
  return enqueueJob(db, ANALYTICS_EVENT_KIND, payload, { idempotencyKey: key, notify: false });
}

function rowOf(payload: unknown): AnalyticsEventRow | null {
  const event = payload as Payload | null;
  if (!event?.storeId || !event.occurredAt) return null;
  return { ...event, occurredAt: new Date(event.occurredAt), visitor: event.visitor === null ? null : BigInt(event.visitor) };
}

/**
 * Locks up to ANALYTICS_EVENT_BATCH other due, pending event jobs (SKIP LOCKED: never one another
 * run or server holds), marks the well-formed ones done and answers their rows. A malformed one
 * stays pending, to fail on its own run rather than be dropped here.
 */
async function takeWaitingEvents(tx: Executor, ownId: string, now: Date): Promise<AnalyticsEventRow[]> {
  const waiting = await tx
    .select({ id: jobs.id, payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, ANALYTICS_EVENT_KIND), eq(jobs.status, 'pending'), lte(jobs.runAt, now), ne(jobs.id, ownId)))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(ANALYTICS_EVENT_BATCH)
    .for('update', { skipLocked: true });
  const taken = waiting.flatMap((job) => {
    const row = rowOf(job.payload);
    return row ? [{ id: job.id, row }] : [];
  });
  if (taken.length === 0) return [];
  await tx
    .update(jobs)
    .set({ status: 'done', attempts: sql`${jobs.attempts} + 1`, completedAt: now, updatedAt: now })
    .where(inArray(jobs.id, taken.map((job) => job.id)));
  return taken.map((job) => job.row);
}

/**
 * Writes the event, and every other waiting one, and marks their jobs done in one transaction:
 * each written once, even across a crash. Should the batch fail (one bad row fails the whole
 * statement), the job writes its own event alone, so one poisoned event never holds up the rest.
 */
export function createAnalyticsEventJob(options: { db: Database }): JobHandler {
  return {
    kind: ANALYTICS_EVENT_KIND,
    async run(job, ctx) {
      const own = rowOf(job.payload);
      if (!own) throw new PermanentJobError('analytics event job without an event');
      try {
        await options.db.transaction(async (tx) => {
          const others = await takeWaitingEvents(tx, job.id, ctx.now());
          await writeAnalyticsEvents(tx, [own, ...others]);
          await ctx.complete(tx);
        });
      } catch (error) {
        if (error instanceof LeaseLostError) throw error;
        ctx.log.warn({ err: error, jobId: job.id }, 'writing a batch of analytics events failed; writing this one alone');
        await options.db.transaction(async (tx) => {
          await writeAnalyticsEvents(tx, [own]);
          await ctx.complete(tx);
        });
      }
    },
  };
}
