import { prepareBody } from './compress.ts';
import type { CachedBody, PageCache } from './page-cache.ts';

export interface Produced {
  storeId: string;
  text: string;
}

/**
 * Fills the page cache without ever keeping a stale page: one fill per key at a time (concurrent
 * misses share it), and a fill that overlaps any invalidation is answered but not kept — the store
 * may have changed after its rows were read. Nothing is kept while LISTEN is down.
 */
export function createCacheFiller(options: { cache: PageCache; isListening: () => boolean }) {
  const { cache } = options;
  const inflight = new Map<string, Promise<CachedBody | null>>();
  let epoch = 0;

  return {
    peek(key: string): CachedBody | undefined {
      return options.isListening() ? cache.get(key) : undefined;
    },
    fill(key: string, produce: () => Promise<Produced | null>): Promise<CachedBody | null> {
      const pending = inflight.get(key);
      if (pending) return pending;
      const startedAt = epoch;
      const promise = (async () => {
        const produced = await produce();
        if (!produced) return null;
        const body = await prepareBody(produced.storeId, produced.text);
        if (epoch === startedAt && options.isListening()) cache.set(key, body);
        return body;
      })().finally(() => {
        if (inflight.get(key) === promise) inflight.delete(key);
      });
      inflight.set(key, promise);
      return promise;
    },
    /** One store changed (or, with null, anything may have): drop it and forget fills in flight. */
    invalidate(storeId: string | null): void {
      epoch += 1;
      inflight.clear();
      if (storeId === null) cache.clear();
      else cache.deleteStore(storeId);
    },
  };
}
