import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/client.ts';
import { EmailSendError } from '../providers/email/email-send-error.ts';
import type { Logger } from '../logger.ts';
import { DEFAULT_BACKOFF, retryDelayMs, type BackoffOptions } from './backoff.ts';
import { listenForJobs, type JobListener } from './job-listener.ts';
import { jobClaimer, markJobDone, markJobFailed, type ClaimKinds } from './job-store.ts';
import { LeaseLostError, PermanentJobError, type ClaimedJob, type JobHandler } from './types.ts';
import type { Executor } from '../db/executor.ts';

export interface JobRunnerOptions {
  db: Database;
  handlers: readonly JobHandler[];
  log: Logger;
  workerId?: string;
  now?: () => Date;
  /** In [0, 1); the jitter of the retry delay. */
  random?: () => number;
  pollIntervalMs?: number;
  /** How long a claimed job stays ours; after it a crashed worker's job is run again. */
  leaseMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
  backoff?: BackoffOptions;
  /** A connection string for a dedicated LISTEN connection (enqueues on other servers wake us). */
  listenConnectionString?: string;
  /** Claim only some kinds, or all but some (a second runner with its own concurrency takes those). */
  kinds?: ClaimKinds;
  /** Runs once at the end of `stop`, e.g. to close the SMTP transport. */
  onStop?: () => Promise<void> | void;
}

export interface JobRunner {
  readonly workerId: string;
  /** Starts polling (and listening); jobs then run in the background. */
  start(): void;
  /** Looks for due jobs now rather than at the next poll. */
  wake(): void;
  /** Runs every job that is due now, until none is left, and says how many ran (tests, CLI). */
  runDue(): Promise<number>;
  /** Stops claiming, waits up to `timeoutMs` for running jobs, then releases resources. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

export const JOB_RUNNER_DEFAULTS = { pollIntervalMs: 400, leaseMs: 5 * 60_000, concurrency: 4, stopTimeoutMs: 15_000 } as const;
const MAX_ERROR_LENGTH = 1_000;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const pollIntervalMs = options.pollIntervalMs ?? JOB_RUNNER_DEFAULTS.pollIntervalMs;
  const leaseMs = options.leaseMs ?? JOB_RUNNER_DEFAULTS.leaseMs;
  const concurrency = options.concurrency ?? JOB_RUNNER_DEFAULTS.concurrency;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const handlers = new Map(options.handlers.map((handler) => [handler.kind, handler]));

  const inFlight = new Set<Promise<void>>();
  let started = false;
  let stopping = false;
  let stopped: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let wakeAgain = false;
  let listener: JobListener | null = null;
  let claimFailing = false;

  const leaseMsByKind = Object.fromEntries(
    options.handlers.flatMap((handler) => (handler.leaseMs === undefined ? [] : [[handler.kind, handler.leaseMs] as const])),
  );
  const claimer = jobClaimer({ kinds: options.kinds, leaseMsByKind });
  const claim = (limit: number) => claimer(db, { workerId, now: now(), leaseMs, limit });

  async function runJob(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    const jobLog = log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    try {
      if (job.attempts > job.maxAttempts) throw new PermanentJobError('lease expired on the last attempt');
      if (!handler) throw new PermanentJobError(`no handler for job kind "${job.kind}"`);
      let completed = false;
      await handler.run(job, {
        log: jobLog,
        now,
        complete: async (tx: Executor) => {
          const payload = handler.redactPayload?.(job.payload);
          if (!(await markJobDone(tx, job, { now: now(), payload }))) throw new LeaseLostError(job.id);
          completed = true;
        },
      });
      if (!completed && !(await markJobDone(db, job, { now: now(), payload: handler.redactPayload?.(job.payload) }))) {
        throw new LeaseLostError(job.id);
      }
      jobLog.info('job done');
    } catch (error) {
      await recordFailure(job, handler, error, jobLog).catch((recordError: unknown) =>
        jobLog.error({ err: recordError }, 'could not record the job failure; its lease will expire'),
      );
    }
  }

  async function recordFailure(job: ClaimedJob, handler: JobHandler | undefined, error: unknown, jobLog: Logger) {
    if (error instanceof LeaseLostError) {
      jobLog.warn('job lease lost to another worker; result discarded');
      return;
    }
    const message = describeError(error);
    const retryable = isRetryable(error) && job.attempts < job.maxAttempts;
    const delayMs = Math.max(retryDelayMs(job.attempts, random, backoff), providerRetryAfterMs(error));
    const retryAt = retryable ? new Date(now().getTime() + delayMs) : null;
    const payload = retryable ? undefined : handler?.redactPayload?.(job.payload);
    const recorded = await markJobFailed(db, job, { now: now(), error: message, retryAt, payload });
    if (recorded && !retryable) await handler?.onGaveUp?.(job, now());
    const fields = { error: message, retryAt, maxAttempts: job.maxAttempts };
    if (retryable) jobLog.warn(fields, 'job failed; will retry');
    else jobLog.error(fields, 'job failed permanently');
  }

  function track(job: ClaimedJob): Promise<void> {
    const running = runJob(job).finally(() => {
      inFlight.delete(running);
      if (started && !stopping) wake();
    });
    inFlight.add(running);
    return running;
  }

  async function poll(): Promise<void> {
    if (polling) {
      wakeAgain = true;
      return;
    }
    polling = true;
    try {
      do {
        wakeAgain = false;
        const free = concurrency - inFlight.size;
        if (stopping || free <= 0) break;
        const batch = await claim(free);
        for (const job of batch) void track(job);
        if (batch.length === free) wakeAgain = true;
      } while (wakeAgain && !stopping);
      claimFailing = false;
    } catch (error) {
      // Once per outage, not every poll (the database may be down for minutes).
      if (!claimFailing) log.warn({ err: error }, 'claiming jobs failed; retrying at every poll');
      claimFailing = true;
    } finally {
      polling = false;
    }
  }

  function schedule(): void {
    if (stopping) return;
    timer = setTimeout(() => void poll().finally(schedule), pollIntervalMs);
    timer.unref();
  }

  function wake(): void {
    if (started && !stopping) void poll();
  }

  return {
    workerId,
    start() {
      if (started || stopping) return;
      started = true;
      if (options.listenConnectionString) {
        listener = listenForJobs({ connectionString: options.listenConnectionString, log, onNotify: wake });
      }
      void poll();
      schedule();
    },
    wake,
    async runDue() {
      let ran = 0;
      for (;;) {
        if (stopping) return ran;
        const batch = await claim(concurrency);
        if (batch.length === 0) return ran;
        await Promise.all(batch.map(track));
        ran += batch.length;
      }
    },
    stop(stopOptions = {}) {
      stopped ??= (async () => {
        stopping = true;
        if (timer) clearTimeout(timer);
        await listener?.close();
        const timeoutMs = stopOptions.timeoutMs ?? JOB_RUNNER_DEFAULTS.stopTimeoutMs;
        const drained = await settleWithin([...inFlight], timeoutMs);
        if (!drained) log.warn({ running: inFlight.size }, 'jobs still running at shutdown; their leases will expire and they will run again');
        await options.onStop?.();
      })();
      return stopped;
    },
  };
}

function isRetryable(error: unknown): boolean {
  if (error instanceof PermanentJobError) return false;
  if (error instanceof EmailSendError) return error.retryable;
  return true;
}

/** How long the provider asked us to wait (HTTP 429/503 Retry-After); 0 when it did not say. */
function providerRetryAfterMs(error: unknown): number {
  return error instanceof EmailSendError ? (error.retryAfterMs ?? 0) : 0;
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

async function settleWithin(running: Promise<void>[], timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([Promise.allSettled(running).then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
