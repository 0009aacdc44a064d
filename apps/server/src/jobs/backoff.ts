export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/** 5 s, 10 s, 20 s … capped at 15 min: eight attempts span roughly ten minutes of outage. */
export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 5_000, maxMs: 15 * 60_000 };

/**
 * Delay before the next try after the `attempt`-th (1-based) failed: exponential, with "equal
 * jitter" (half fixed, half random) so servers that failed together do not retry together.
 */
export function retryDelayMs(attempt: number, random: () => number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  const half = exponential / 2;
  return Math.round(half + random() * half);
}
