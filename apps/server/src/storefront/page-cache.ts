import { gunzipSync } from 'node:zlib';
import type { PageView } from '../analytics/analytics-event.ts';

/** A response body ready to send in every encoding a browser may ask for. */
export interface CachedBody {
  storeId: string;
  /** Strong ETag: a hash of the identity bytes, quoted. */
  etag: string;
  gzip: Buffer;
  br: Buffer;
  identityLength: number;
  /**
   * The uncompressed bytes, kept only once a client without gzip or brotli asked (browsers never
   * do): that leaves two thirds of each page out of memory. Counted in the byte bound from then on.
   */
  identity?: Buffer;
  /** The page view a published page records when served (docs/analytics.md); absent on every other body. */
  view?: PageView;
}

/** The cache holding a body, told when its uncompressed bytes start taking memory. */
const onMaterialised = new WeakMap<CachedBody, (body: CachedBody) => void>();

export function identityOf(body: CachedBody): Buffer {
  if (!body.identity) {
    body.identity = gunzipSync(body.gzip);
    onMaterialised.get(body)?.(body);
  }
  return body.identity;
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** Map, buffers and strings around each body (measured roughly; only the bound depends on it). */
const ENTRY_OVERHEAD_BYTES = 320;

/** The memory a body holds now: its uncompressed bytes only once materialised (`identityOf`). */
export function sizeOf(body: CachedBody): number {
  return (body.identity?.length ?? 0) + body.gzip.length + body.br.length + body.etag.length + ENTRY_OVERHEAD_BYTES;
}

/**
 * The in-memory storefront cache: least recently used first out, bounded by entries and bytes.
 * Keys are `html|slug:…`, `html|host:…`, `json|…`; an index by store drops all of a store's keys
 * at once when it changes.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedBody>();
  private readonly keysByStore = new Map<string, Set<string>>();
  /** What each key was counted at: a body grows when its identity is materialised. */
  private readonly counted = new Map<string, number>();
  private totalBytes = 0;
  private readonly recount = (body: CachedBody) => {
    for (const key of this.keysByStore.get(body.storeId) ?? []) {
      if (this.entries.get(key) !== body) continue;
      const bytes = sizeOf(body);
      this.totalBytes += bytes - (this.counted.get(key) ?? 0);
      this.counted.set(key, bytes);
    }
    this.evictOverflow();
  };

  constructor(private readonly limits: PageCacheLimits) {}

  get(key: string): CachedBody | undefined {
    const body = this.entries.get(key);
    if (body) {
      // Re-insert: Map order is recency order.
      this.entries.delete(key);
      this.entries.set(key, body);
    }
    return body;
  }

  set(key: string, body: CachedBody): void {
    const bytes = sizeOf(body);
    if (bytes > this.limits.maxBytes) return;
    this.delete(key);
    this.entries.set(key, body);
    this.counted.set(key, bytes);
    this.totalBytes += bytes;
    onMaterialised.set(body, this.recount);
    let keys = this.keysByStore.get(body.storeId);
    if (!keys) this.keysByStore.set(body.storeId, (keys = new Set()));
    keys.add(key);
    this.evictOverflow();
  }

  /** Least recently used first, until both bounds hold. */
  private evictOverflow(): void {
    while (this.entries.size > this.limits.maxEntries || this.totalBytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const body = this.entries.get(key);
    if (!body) return;
    this.entries.delete(key);
    this.totalBytes -= this.counted.get(key) ?? 0;
    this.counted.delete(key);
    const keys = this.keysByStore.get(body.storeId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByStore.delete(body.storeId);
  }

  /** Every page of one store (its slug, its hosts, its JSON). */
  deleteStore(storeId: string): void {
    for (const key of [...(this.keysByStore.get(storeId) ?? [])]) this.delete(key);
  }

  /** What it holds now, by key (the same bodies, not copies). */
  snapshot(): Map<string, CachedBody> {
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
}
