/**
 * Per-key token buckets in memory (the beacon's per-IP and per-store limits): `perMinute` tokens
 * at most, refilled continuously. Past `maxKeys` the buckets that are full again are forgotten,
 * then all of them if that is not enough, so a flood of new keys cannot grow the map without end.
 */
export function createTokenBuckets(options: { perMinute: number; maxKeys?: number }) {
  const { perMinute } = options;
  const maxKeys = options.maxKeys ?? 100_000;
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();

  function level(key: string, now: number): number {
    const bucket = buckets.get(key);
    return bucket ? Math.min(perMinute, bucket.tokens + (now - bucket.at) * perMs) : perMinute;
  }

  function forgetFull(now: number): void {
    for (const key of buckets.keys()) if (level(key, now) >= perMinute) buckets.delete(key);
    if (buckets.size >= maxKeys) buckets.clear();
  }

  return {
    /** Seconds until `count` tokens are there (0: there are enough now). */
    waitSeconds(key: string, count: number, now: number): number {
      const tokens = level(key, now);
      return tokens >= count ? 0 : Math.max(1, Math.ceil((count - tokens) / perMs / 1000));
    },
    take(key: string, count: number, now: number): void {
      if (!buckets.has(key) && buckets.size >= maxKeys) forgetFull(now);
      buckets.set(key, { tokens: level(key, now) - count, at: now });
    },
  };
}
