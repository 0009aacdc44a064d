import { createAnalyticsBatch, type AnalyticsBatch, type EventTarget } from './analytics-batch.ts';
import type { RawAnalyticsEvent } from './analytics-event.ts';

/** Writes one batch; answers how many events it stored (bots and unknown stores are discarded). */
export type AnalyticsBatchWriter = (batch: AnalyticsBatch) => Promise<number>;

export interface AnalyticsBufferOptions {
  write: AnalyticsBatchWriter;
  log: { warn(object: object, message: string): void };
  /** false: `record` keeps nothing (ANALYTICS_ENABLED=false). */
  enabled: boolean;
  /** Events held at most; past it new ones are dropped and counted. */
  maxQueued?: number;
  /** A flush starts early once this many are queued. */
  flushAt?: number;
  /** Events per write. */
  maxBatch?: number;
  intervalMs?: number;
  /** Test seam: the clock (events are stamped with it, the warning is limited by it). */
  nowMs?: () => number;
}

export interface AnalyticsCounters {
  /** Waiting for the next flush. */
  queued: number;
  /** Recorded into the buffer since start. */
  accepted: number;
  /** Stored in PostgreSQL. */
  written: number;
  /** Bots and events for unknown stores, found at flush time. */
  discarded: number;
  /** Lost: the buffer was full, or a batch's write failed (database slow or down). */
  dropped: number;
}

export const ANALYTICS_BUFFER_DEFAULTS = Object.freeze({ maxQueued: 50_000, flushAt: 2_000, maxBatch: 5_000, intervalMs: 1_000 });
const WARN_EVERY_MS = 60_000;

export type AnalyticsBuffer = ReturnType<typeof createAnalyticsBuffer>;

/**
 * The ingest queue (docs/analytics.md "Buffer and flush"): recording is a push onto the columns of
 * the batch being filled (analytics-batch.ts), never a wait; a timer writes what is queued every
 * second (sooner once `flushAt` are waiting), batch after batch, one flush at a time, off the
 * request path. When the database is slow or down the batch is dropped and counted (a warning at
 * most once a minute): analytics may lose events, pages never wait.
 */
export function createAnalyticsBuffer(options: AnalyticsBufferOptions) {
  const limits = { ...ANALYTICS_BUFFER_DEFAULTS, ...definedOnly(options) };
  const nowMs = options.nowMs ?? Date.now;
  /** Full batches of `maxBatch` events, then the one being filled. */
  const batches: AnalyticsBatch[] = [];
  let queued = 0;
  const counters = { accepted: 0, written: 0, discarded: 0, dropped: 0 };
  let flushing: Promise<void> | null = null;
  let soon: NodeJS.Immediate | null = null;
  let unreported = 0;
  let lastWarnAt = -Infinity;
  let timer: NodeJS.Timeout | null = null;

  /** The batch to record one more event into, or null when it is not kept (off, or the buffer full). */
  function admit(): AnalyticsBatch | null {
    if (!options.enabled) return null;
    if (queued >= limits.maxQueued) {
      drop(1);
      return null;
    }
    let current = batches[batches.length - 1];
    if (current === undefined || current.length >= limits.maxBatch) batches.push((current = createAnalyticsBatch()));
    queued += 1;
    counters.accepted += 1;
    if (queued >= limits.flushAt && !flushing && !soon) {
      soon = setImmediate(() => {
        soon = null;
        void flush();
      });
    }
    return current;
  }

  function record(event: RawAnalyticsEvent): void {
    admit()?.add(event);
  }

  /** A served page's view, stamped now: the request's strings only, nothing allocated per view. */
  function recordView(storeId: string, view: EventTarget, ip: string, userAgent: string, referrer: string, query: string, host: string): void {
    admit()?.push(nowMs(), storeId, view, ip, userAgent, referrer, query, host);
  }

  function drop(count: number, error?: unknown): void {
    counters.dropped += count;
    unreported += count;
    const now = nowMs();
    if (now - lastWarnAt >= WARN_EVERY_MS) {
      options.log.warn({ dropped: unreported, total: counters.dropped, ...(error ? { err: error } : {}) }, 'analytics events dropped');
      unreported = 0;
      lastWarnAt = now;
    }
  }

  /** Writes what is queued, batch after batch; waits for a flush already running, then writes what came since. */
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    if (queued === 0) return;
    // Taken out whole (the one being filled too): what is recorded meanwhile starts a new batch.
    flushing = writeBatches(batches.splice(0)).finally(() => {
      flushing = null;
    });
    await flushing;
  }

  /**
   * Writes the batches a flush took, and only those. What is recorded meanwhile waits for the
   * next flush (`flushAt` reached, the timer, or a caller's `flush()`): writing it in the same
   * flush's wake would send, under steady traffic, one statement per write's duration of events
   * (about 20 at 3,500 views a second), each paying the statement's fixed cost.
   */
  async function writeBatches(taken: AnalyticsBatch[]): Promise<void> {
    for (const batch of taken) {
      queued -= batch.length;
      try {
        const written = await options.write(batch);
        counters.written += written;
        counters.discarded += batch.length - written;
      } catch (error) {
        drop(batch.length, error);
      }
    }
  }

  return {
    record,
    recordView,
    flush,
    /** The clock events are stamped with. */
    now: nowMs,
    enabled: options.enabled,
    counters: (): AnalyticsCounters => ({ queued, ...counters }),
    start(): void {
      if (!options.enabled || timer) return;
      timer = setInterval(() => void flush(), limits.intervalMs);
      timer.unref();
    },
    /**
     * Stops the timer and writes what is left (errors counted, never thrown), again while views
     * answered during the last write (the server's final requests) are waiting.
     */
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      if (soon) clearImmediate(soon);
      soon = null;
      do await flush();
      while (queued > 0);
    },
  };
}

function definedOnly(options: AnalyticsBufferOptions) {
  const { maxQueued, flushAt, maxBatch, intervalMs } = options;
  return Object.fromEntries(Object.entries({ maxQueued, flushAt, maxBatch, intervalMs }).filter(([, value]) => value !== undefined)) as Partial<
    typeof ANALYTICS_BUFFER_DEFAULTS
  >;
}
