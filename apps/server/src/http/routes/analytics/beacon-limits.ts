import { sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import type { Env } from '#src/env.ts';
import { addressKey } from '#src/identity/address-key.ts';
import { undoHit, type LimitRule } from '#src/identity/rate-limits.ts';

const MINUTE_MS = 60_000;

/**
 * The beacon's per-address and per-store event limits (docs/security-limits.md "Analytics
 * beacons"): fixed one-minute windows in the shared `rate_limits` table, so every server process
 * counts into the same window. A batch is taken whole or not at all, and a batch the store's limit
 * refuses gives the address its events back: a refused request uses up nothing. The address is
 * stored only as a keyed hash (analytics keeps no personal data). One statement takes from both
 * windows (the beacon is a hot path); only a store refusal needs a second, to give back.
 * Answers 0 when the batch is taken, else the seconds until the window that refused it ends.
 */
export async function takeBeaconEvents(
  db: Executor,
  env: Pick<Env, 'appSecret' | 'dataDir' | 'analytics'>,
  options: { ip: string; storeId: string; count: number; now: Date },
): Promise<number> {
  const { perIpPerMinute, perStorePerMinute } = env.analytics.beaconLimits;
  const { count, now } = options;
  const start = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const retryAfterSeconds = Math.max(1, Math.ceil((start.getTime() + MINUTE_MS - now.getTime()) / 1000));
  if (count > perIpPerMinute || count > perStorePerMinute) return retryAfterSeconds;
  const byIp: LimitRule = { key: `beacon:ip:${addressKey(env, options.ip)}`, windowMs: MINUTE_MS, limit: perIpPerMinute };
  const storeKey = `beacon:store:${options.storeId}`;
  // Each insert adds only if the sum stays within its limit (no row returned otherwise); the
  // store's is attempted only when the address's was taken.
  const result = await db.execute<{ ip: number | null; store: number | null }>(sql`
    with ip as (
      insert into rate_limits as r (key, window_start, count) values (${byIp.key}, ${start}, ${count})
      on conflict (key, window_start) do update set count = r.count + ${count} where r.count + ${count} <= ${perIpPerMinute}
      returning r.count
    ), store as (
      insert into rate_limits as r (key, window_start, count) select ${storeKey}, ${start}, ${count} where exists (select 1 from ip)
      on conflict (key, window_start) do update set count = r.count + ${count} where r.count + ${count} <= ${perStorePerMinute}
      returning r.count
    )
    select (select count from ip) as ip, (select count from store) as store`);
  const row = result.rows[0];
  if (row?.ip == null) return retryAfterSeconds;
  if (row.store != null) return 0;
  await undoHit(db, byIp, now, count);
  return retryAfterSeconds;
}
