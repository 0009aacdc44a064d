// Exports the analytics event job (ANALYTICS_EVENT_KIND, enqueueAnalyticsEvent,
// createAnalyticsEventJob): one module because the payload's shape is shared by both ends.
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import type { AnalyticsEventRow } from './analytics-event-row.ts';
import { writeAnalyticsEvents } from './write-analytics-events.ts';

export const ANALYTICS_EVENT_KIND = 'analytics-event';

/** The row as JSON (the visitor hash as a string): no IP address or user agent is in it. */
type Payload = Omit<AnalyticsEventRow, 'occurredAt' | 'visitor'> & { occurredAt: string; visitor: string | null };

/**
 * Queues one server-side event durably: with a transaction as `db` it exists only if that
 * transaction commits (a purchase with its order, exactly once per `key`). The job writes it
 * later, so a burst of checkouts or payments never waits on the store's rollup rows.
 */
export function enqueueAnalyticsEvent(db: Executor, row: AnalyticsEventRow, key: string) {
  const payload: Payload = { ...row, occurredAt: row.occurredAt.toISOString(), visitor: row.visitor === null ? null : row.visitor.toString() };
  return enqueueJob(db, ANALYTICS_EVENT_KIND, payload, { idempotencyKey: key });
}

/** Writes the event and marks the job done in one transaction: written once, even across a crash. */
export function createAnalyticsEventJob(options: { db: Database }): JobHandler {
  return {
    kind: ANALYTICS_EVENT_KIND,
    async run(job, ctx) {
      const payload = job.payload as Payload | null;
      if (!payload?.storeId || !payload.occurredAt) throw new PermanentJobError('analytics event job without an event');
      const row: AnalyticsEventRow = { ...payload, occurredAt: new Date(payload.occurredAt), visitor: payload.visitor === null ? null : BigInt(payload.visitor) };
      await options.db.transaction(async (tx) => {
        await writeAnalyticsEvents(tx, [row]);
        await ctx.complete(tx);
      });
    },
  };
}
