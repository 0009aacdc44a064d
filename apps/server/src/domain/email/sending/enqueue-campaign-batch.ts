import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { CAMPAIGN_BATCH_KIND } from './campaign-job-kinds.ts';

export interface CampaignBatchPayload {
  campaignId: string;
  storeId: string;
  /** Which of the campaign's side-by-side batch jobs this is. */
  lane: number;
  /** The lane's n-th job: each time slice ends by queueing the next, keyed by lane and number. */
  seq: number;
}

/** Batch jobs only stop for crashes (each slice queues its successor), so allow many. */
const MAX_ATTEMPTS = 50;

/** Queues a campaign batch job; the key makes a lane's successor unique however often this runs. */
export function enqueueCampaignBatch(db: Executor, payload: CampaignBatchPayload, runAt?: Date) {
  return enqueueJob(db, CAMPAIGN_BATCH_KIND, payload, {
    idempotencyKey: `${payload.campaignId}:${payload.lane}:${payload.seq}`,
    runAt,
    maxAttempts: MAX_ATTEMPTS,
  });
}
