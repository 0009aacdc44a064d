import type { RawAnalyticsEvent } from './analytics-event.ts';

/** Writes one batch; answers how many events it stored (bots and unknown stores are discarded). */
export type AnalyticsBatchWriter = (events: RawAnalyticsEvent[]) => Promise<number>;

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
 * The ingest queue (docs/analytics.md "Buffer and flush"): recording is a push onto an array, never
 * a wait; a timer writes what is queued every second (sooner once `flushAt` are waiting), one
 * flush at a time, off the request path. When the database is slow or down the batch is dropped
 * and counted (a warning at most once a minute): analytics may lose events, pages never wait.
 */
export function createAnalyticsBuffer(options: AnalyticsBufferOptions) {
  const limits = { ...ANALYTICS_BUFFER_DEFAULTS, ...definedOnly(options) };
  const nowMs = options.nowMs ?? Date.now;
  let queue: RawAnalyticsEvent[] = [];
  const counters = { accepted: 0, written: 0, discarded: 0, dropped: 0 };
  let flushing: Promise<void> | null = null;
  let soon: NodeJS.Immediate | null = null;
  let unreported = 0;
  let lastWarnAt = -Infinity;
  let timer: NodeJS.Timeout | null = null;

  function record(event: RawAnalyticsEvent): void {
    if (!options.enabled) return;
    if (queue.length >= limits.maxQueued) {
      drop(1);
      return;
    }
    queue.push(event);
    counters.accepted += 1;
    if (queue.length >= limits.flushAt && !flushing && !soon) {
      soon = setImmediate(() => {
        soon = null;
        void flush();
      });
    }
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
    if (queue.length === 0) return;
    flushing = writeQueued().finally(() => {
      flushing = null;
    });
    await flushing;
  }

  async function writeQueued(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.length <= limits.maxBatch ? queue : queue.slice(0, limits.maxBatch);
      queue = queue.length <= limits.maxBatch ? [] : queue.slice(limits.maxBatch);
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
    flush,
    /** The clock events are stamped with. */
    now: nowMs,
    enabled: options.enabled,
    counters: (): AnalyticsCounters => ({ queued: queue.length, ...counters }),
    start(): void {
      if (!options.enabled || timer) return;
      timer = setInterval(() => void flush(), limits.intervalMs);
      timer.unref();
    },
    /** Stops the timer and writes what is left once (errors counted, never thrown). */
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      if (soon) clearImmediate(soon);
      soon = null;
      await flush();
    },
  };
}

function definedOnly(options: AnalyticsBufferOptions) {
  const { maxQueued, flushAt, maxBatch, intervalMs } = options;
  return Object.fromEntries(Object.entries({ maxQueued, flushAt, maxBatch, intervalMs }).filter(([, value]) => value !== undefined)) as Partial<
    typeof ANALYTICS_BUFFER_DEFAULTS
  >;
}
