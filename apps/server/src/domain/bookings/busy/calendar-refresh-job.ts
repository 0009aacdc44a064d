// Exports createRefreshCalendarJob and scheduleCalendarRefreshes: each imported calendar read every few minutes.
import { eq, gt } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { calendarSources } from '#src/db/schema/index.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { CALENDAR_REFRESH_MS } from './calendar-messages.ts';
import type { OutboundRules } from './calendar-url.ts';
import { REFRESH_CALENDAR_KIND, refreshCalendarSource } from './refresh-calendar-source.ts';

/**
 * The source's next read, at the start of the next five-minute slot, keyed by that slot: however
 * many runs or sweeps ask, one job per source and slot.
 */
export function scheduleCalendarRefresh(db: Executor, sourceId: string, now: Date) {
  const slot = Math.floor(now.getTime() / CALENDAR_REFRESH_MS) + 1;
  return enqueueJob(db, REFRESH_CALENDAR_KIND, { sourceId }, { idempotencyKey: `${sourceId}:${slot}`, runAt: new Date(slot * CALENDAR_REFRESH_MS), notify: false });
}

/**
 * A safety net with the hourly jobs: every source gets its next read queued, so a chain broken by
 * a job that failed for good (a database outage) starts again within the hour.
 */
export async function scheduleCalendarRefreshes(db: Executor, now: Date): Promise<void> {
  let after = '';
  for (;;) {
    const page = await db.select({ id: calendarSources.id }).from(calendarSources).where(after ? gt(calendarSources.id, after) : undefined).orderBy(calendarSources.id).limit(500);
    for (const source of page) await scheduleCalendarRefresh(db, source.id, now);
    if (page.length < 500) return;
    after = page.at(-1)!.id;
  }
}

/** Reads the source, then queues its next read in the transaction that completes this job; a removed source stops here. */
export function createRefreshCalendarJob(deps: { db: Database } & OutboundRules): JobHandler {
  return {
    kind: REFRESH_CALENDAR_KIND,
    async run(job, ctx) {
      const sourceId = (job.payload as { sourceId?: unknown } | null)?.sourceId;
      if (typeof sourceId !== 'string') throw new PermanentJobError('refresh-calendar-source: bad payload');
      const outcome = await refreshCalendarSource(deps.db, { sourceId, now: ctx.now(), allowLoopback: deps.allowLoopback });
      if (outcome !== 'gone') ctx.log.info({ sourceId, outcome }, 'calendar refreshed');
      await deps.db.transaction(async (tx) => {
        const [still] = await tx.select({ id: calendarSources.id }).from(calendarSources).where(eq(calendarSources.id, sourceId));
        if (still) await scheduleCalendarRefresh(tx, sourceId, ctx.now());
        await ctx.complete(tx);
      });
    },
  };
}
