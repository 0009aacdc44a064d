import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { jobs } from '#src/db/schema/index.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { CAMPAIGN_START_KIND } from './campaign-job-kinds.ts';

export interface CampaignStartPayload {
  campaignId: string;
  storeId: string;
  /** The schedule this job belongs to; a start job whose time no longer matches the campaign's is stale. */
  runAt: string;
}

/**
 * Queues the durable start of a campaign send at `runAt`. Call it in the transaction that sets
 * the campaign `scheduled` (with `scheduledAt = runAt`), so the job exists only if that commits.
 *
 * The job key is campaign + time: calling twice for one schedule gives one job. A finished job of
 * an earlier schedule with the same time (cancelled, then scheduled again for that minute) is
 * removed first, so the new schedule gets a job of its own; the start job itself skips a campaign
 * that is no longer `scheduled` for its time.
 */
export async function scheduleCampaignSend(db: Executor, options: { campaignId: string; storeId: string; runAt: Date }) {
  const runAt = options.runAt.toISOString();
  const key = `${options.campaignId}:${runAt}`;
  await db
    .delete(jobs)
    .where(and(eq(jobs.idempotencyKey, `${CAMPAIGN_START_KIND}:${key}`), inArray(jobs.status, ['done', 'failed'])));
  const payload: CampaignStartPayload = { campaignId: options.campaignId, storeId: options.storeId, runAt };
  return enqueueJob(db, CAMPAIGN_START_KIND, payload, { idempotencyKey: key, runAt: options.runAt });
}
