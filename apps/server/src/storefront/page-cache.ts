import { gunzipSync } from 'node:zlib';
import type { PageView } from '../analytics/analytics-event.ts';
import { ownBytes } from './compress.ts';
import { StoreKeyedCache, type StoreKeyedCacheLimits } from './store-keyed-cache.ts';

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
    body.identity = ownBytes(gunzipSync(body.gzip));
    onMaterialised.get(body)?.(body);
  }
  return body.identity;
}

export type PageCacheLimits = StoreKeyedCacheLimits;

/** Map, buffers and strings around each body (measured roughly; only the bound depends on it). */
const ENTRY_OVERHEAD_BYTES = 320;

/** The memory a body holds now: its uncompressed bytes only once materialised (`identityOf`). */
export function sizeOf(body: CachedBody): number {
  return (body.identity?.length ?? 0) + body.gzip.length + body.br.length + body.etag.length + ENTRY_OVERHEAD_BYTES;
}

/**
 * The in-memory storefront cache: least recently used first out, bounded by entries and bytes.
 * Keys are `html|slug:…`, `html|host:…`, `json|…`; an index by store drops all of a store's keys
 * at once when it changes. A body is recounted when its uncompressed bytes are materialised.
 */
export class PageCache extends StoreKeyedCache<CachedBody> {
  private readonly recountBody = (body: CachedBody) => this.recount(body);

  constructor(limits: PageCacheLimits) {
    super(limits, sizeOf);
  }

  override set(key: string, body: CachedBody): void {
    super.set(key, body);
    if (this.peek(key) === body) onMaterialised.set(body, this.recountBody);
  }

  /** Every page of one store (its slug, its hosts, its JSON). */
  deleteStore(storeId: string): void {
    for (const key of this.keysOf(storeId)) this.delete(key);
  }
}
