import type { Executor } from '../db/executor.ts';
import type { jobs } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';

export type JobRow = typeof jobs.$inferSelect;

/** A job this worker holds the lease on (status `running`, `attempts` already counts this run). */
export type ClaimedJob = JobRow & { status: 'running'; lockedBy: string; lockedUntil: Date };

export interface JobRunContext {
  log: Logger;
  now: () => Date;
  /**
   * Marks the job done through `db`; pass the transaction holding the job's own writes so both
   * commit together. Throws `LeaseLostError` (rolling that transaction back) when another worker
   * has reclaimed the job. Without a call the runner marks the job done once `run` resolves.
   */
  complete(db: Executor): Promise<void>;
}

/** The work for one job kind, registered with the runner. */
export interface JobHandler {
  kind: string;
  run(job: ClaimedJob, ctx: JobRunContext): Promise<void>;
  /**
   * This kind's lease instead of the runner's: a short one for jobs whose work is short slices
   * (campaign batches), so a crashed server's job is taken over quickly.
   */
  leaseMs?: number;
  /** What is kept of the payload once the job is done or failed (e.g. an email without its code). */
  redactPayload?(payload: unknown): unknown;
  /**
   * After the job was recorded `failed` for good (its last attempt threw, or its lease ran out on
   * the last attempt, when `run` is not called again): what the job was making must say so.
   */
  onGaveUp?(job: ClaimedJob, at: Date): Promise<void>;
}

/** A failure that retrying cannot fix: the job is marked `failed` at once. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** The job's lease passed to another worker; this worker must not record anything for it. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(jobId: string) {
    super(`Lease on job ${jobId} was lost to another worker`);
  }
}
