/**
 * The tracking calls' per-address limit (docs/affiliates.md "Tracking"): they are public and write,
 * so one address may make at most `limit` calls of one function per minute. Kept in memory on
 * purpose: it only sheds floods (a refused call answers null like any other), and a count lost to
 * a restart or split between servers costs nothing. The address itself is never stored in the
 * database.
 */
export const TRACKING_CALLS_PER_MINUTE = 120;

const WINDOW_MS = 60_000;
/** Windows kept at most; past this the oldest minute is dropped wholesale. */
const MAX_KEYS = 50_000;

export class TrackingRateLimit {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();

  constructor(private readonly limit = TRACKING_CALLS_PER_MINUTE) {}

  /** Counts one call; false when the address is over its limit for this minute. */
  allow(key: string, now: Date): boolean {
    const start = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
    if (start !== this.windowStart || this.counts.size >= MAX_KEYS) {
      this.windowStart = start;
      this.counts.clear();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count <= this.limit;
  }
}

/** One limiter per process, shared by the three tracking functions (keyed by function and address). */
export const trackingRateLimit = new TrackingRateLimit();
