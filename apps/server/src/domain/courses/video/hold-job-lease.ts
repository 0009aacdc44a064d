import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { jobs } from '#src/db/schema/index.ts';
import { LeaseLostError, type ClaimedJob } from '#src/jobs/types.ts';

export interface HeldJobLease {
  /** Aborted once the lease is lost: pass it to the work to stop. */
  signal: AbortSignal;
  check(): Promise<void>;
  release(): void;
}

/**
 * Extends a long job's lease while it runs. The runner gives each kind a fixed lease and does not
 * renew it (decision 006), so a transcode that outlived it would be taken over by a second server
 * and run twice at once. `check()` renews now and throws LeaseLostError when the job is no longer
 * ours; every `intervalMs` the same happens in the background, and a loss (or a failed renewal,
 * since then the lease may lapse unseen) aborts `signal`, which kills ffmpeg.
 */
export function holdJobLease(options: { db: Executor; job: ClaimedJob; leaseMs: number; intervalMs: number; now: () => Date }): HeldJobLease {
  const controller = new AbortController();
  const { job } = options;
  async function renew(): Promise<void> {
    const lockedUntil = new Date(options.now().getTime() + options.leaseMs);
    const renewed = await options.db
      .update(jobs)
      .set({ lockedUntil })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy), eq(jobs.status, 'running')))
      .returning({ id: jobs.id });
    if (renewed.length !== 1) throw new LeaseLostError(job.id);
  }
  const lose = (error: unknown) => {
    if (!controller.signal.aborted) controller.abort(error instanceof LeaseLostError ? error : new LeaseLostError(job.id));
  };
  const timer = setInterval(() => void renew().catch(lose), options.intervalMs);
  timer.unref();
  return {
    signal: controller.signal,
    async check(): Promise<void> {
      if (controller.signal.aborted) throw controller.signal.reason;
      await renew().catch((error: unknown) => {
        lose(error);
        throw controller.signal.reason;
      });
    },
    release(): void {
      clearInterval(timer);
    },
  };
}
