/**
 * When to restart a crashed worker: 1 s after its first crash, doubling with each crash up to
 * 30 s; a worker that stayed up a minute starts again from 1 s. Pure, so it is tested without
 * waiting.
 */
export const RESTART_BACKOFF = Object.freeze({ firstMs: 1_000, maxMs: 30_000, stableMs: 60_000 });

export function nextRestartDelay(previousDelayMs: number | null, upMs: number): number {
  if (previousDelayMs === null || upMs >= RESTART_BACKOFF.stableMs) return RESTART_BACKOFF.firstMs;
  return Math.min(previousDelayMs * 2, RESTART_BACKOFF.maxMs);
}
