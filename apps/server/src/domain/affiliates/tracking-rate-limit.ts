import type { Executor } from '#src/db/executor.ts';
import type { Env } from '#src/env.ts';
import { addressKey } from '#src/identity/address-key.ts';
import { hitLimit } from '#src/identity/rate-limits.ts';

/**
 * The tracking calls' per-address limit (docs/affiliates.md "Tracking"): they are public and write,
 * so one address may make at most `limit` calls of one function per minute. Counted in the shared
 * `rate_limits` table (fixed minutes), so every server process adds to one count; the address is
 * kept there only as a keyed hash (identity/address-key.ts), never as itself.
 */
export const TRACKING_CALLS_PER_MINUTE = 120;

const WINDOW_MS = 60_000;

/** Counts one call; false when the address is over its limit for this minute. */
export async function trackingRateLimit(
  db: Executor,
  env: Pick<Env, 'appSecret' | 'dataDir'>,
  options: { name: string; ip: string; now: Date },
): Promise<boolean> {
  const key = `affiliate-track:${options.name}:${addressKey(env, options.ip)}`;
  const hit = await hitLimit(db, { key, windowMs: WINDOW_MS, limit: TRACKING_CALLS_PER_MINUTE }, options.now);
  return hit.allowed;
}
