import { eq } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { stores } from '../db/schema/index.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import type { JobHandler } from '../jobs/types.ts';
import { storeCacheTag } from './cache-tags.ts';
import type { CdnPurger } from './cdn-purger.ts';

export const CDN_PURGE_KIND = 'cdn-purge';
/** 5 s, 10 s, 20 s, 40 s apart (jobs/backoff.ts): past a minute of CDN outage, s-maxage bounds the staleness anyway. */
export const CDN_PURGE_MAX_ATTEMPTS = 5;

interface PurgePayload {
  storeId: string;
}

/**
 * Called by every server that hears `storefront_changed` for a store: one purge job per version of
 * the store, however many servers heard it. `notifyStorefrontChanged` bumps `stores.version` in the
 * same transaction, so every server reads the same version after the commit, and the job's
 * idempotency key makes their inserts one job. Two changes in quick succession may share a job
 * (both servers read the later version); that one purge, made after both commits, covers both.
 */
export async function enqueueCdnPurge(db: Executor, storeId: string): Promise<void> {
  const [row] = await db.select({ version: stores.version }).from(stores).where(eq(stores.id, storeId));
  const version = row?.version ?? 'gone';
  await enqueueJob(db, CDN_PURGE_KIND, { storeId } satisfies PurgePayload, { idempotencyKey: `${storeId}:${version}`, maxAttempts: CDN_PURGE_MAX_ATTEMPTS });
}

/** Purges the store's tag at the CDN; a failure is retried by the job queue, then logged as failed. */
export function createCdnPurgeJob(options: { purger: CdnPurger }): JobHandler {
  return {
    kind: CDN_PURGE_KIND,
    async run(job) {
      const { storeId } = job.payload as PurgePayload;
      await options.purger.purge([storeCacheTag(storeId)]);
    },
  };
}
