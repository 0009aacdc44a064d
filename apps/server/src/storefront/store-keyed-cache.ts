/** How much a store-keyed cache may hold. */
export interface StoreKeyedCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/**
 * Values kept in memory by key, least recently used first out, bounded by entries and by bytes
 * (`sizeOf`), with an index by store so a store's change drops its keys without a scan of every
 * key. The storefront's page cache and the dashboard's kept answers (http/callable/answer-store.ts)
 * are both this, with what each keeps beside it.
 */
export class StoreKeyedCache<T extends { storeId: string }> {
  private readonly entries = new Map<string, T>();
  private readonly keysByStore = new Map<string, Set<string>>();
  /** What each key was counted at: a value may grow after it is kept (`recount`). */
  private readonly counted = new Map<string, number>();
  private totalBytes = 0;

  constructor(
    private readonly limits: StoreKeyedCacheLimits,
    private readonly sizeOf: (value: T) => number,
  ) {}

  /** The value, now the most recently used. */
  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value) {
      // Re-insert: Map order is recency order.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Keeps `value` under `key` in place of what was there; a value larger than the whole bound is not kept. */
  set(key: string, value: T): void {
    this.delete(key);
    const bytes = this.sizeOf(value);
    if (bytes > this.limits.maxBytes) return;
    this.entries.set(key, value);
    this.counted.set(key, bytes);
    this.totalBytes += bytes;
    let keys = this.keysByStore.get(value.storeId);
    if (!keys) this.keysByStore.set(value.storeId, (keys = new Set()));
    keys.add(key);
    this.evictOverflow();
  }

  /** Measures `value` again wherever it is kept (it grew or shrank), then holds the bounds. */
  recount(value: T): void {
    for (const key of this.keysByStore.get(value.storeId) ?? []) {
      if (this.entries.get(key) !== value) continue;
      const bytes = this.sizeOf(value);
      this.totalBytes += bytes - (this.counted.get(key) ?? 0);
      this.counted.set(key, bytes);
    }
    this.evictOverflow();
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (!value) return;
    this.entries.delete(key);
    this.totalBytes -= this.counted.get(key) ?? 0;
    this.counted.delete(key);
    const keys = this.keysByStore.get(value.storeId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByStore.delete(value.storeId);
  }

  /** The keys of one store's values, or of every value. */
  keysOf(storeId?: string): string[] {
    return storeId === undefined ? [...this.entries.keys()] : [...(this.keysByStore.get(storeId) ?? [])];
  }

  /** The value without marking it used. */
  peek(key: string): T | undefined {
    return this.entries.get(key);
  }

  /** What it holds now, by key (the same values, not copies). */
  snapshot(): Map<string, T> {
    return new Map(this.entries);
  }

  clear(): void {
    this.entries.clear();
    this.keysByStore.clear();
    this.counted.clear();
    this.totalBytes = 0;
  }

  stats(): { entries: number; bytes: number; stores: number } {
    return { entries: this.entries.size, bytes: this.totalBytes, stores: this.keysByStore.size };
  }

  /** Least recently used first, until both bounds hold. */
  private evictOverflow(): void {
    while (this.entries.size > this.limits.maxEntries || this.totalBytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }
}
