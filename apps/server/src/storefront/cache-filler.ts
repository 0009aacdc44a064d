import type { PageView } from '../analytics/analytics-event.ts';
import { prepareBody } from './compress.ts';
import type { CachedBody, PageCache } from './page-cache.ts';

export interface Produced {
  storeId: string;
  text: string;
  /** Kept beside the body: the page view it records when served to a visitor. */
  view?: PageView;
}

/**
 * Fills the page cache without ever keeping a stale page: one fill per key at a time (concurrent
 * misses share it), and a fill that overlaps any invalidation is answered but not kept — the store
 * may have changed after its rows were read. Nothing is kept while LISTEN is down.
 *
 * Stale-if-error during a database outage: when LISTEN drops, the pages it held are set aside
 * (`setAside`), never answered from memory, but a fill that fails while LISTEN is still down (the
 * database is unreachable, so nobody can publish through it either) answers the page set aside
 * instead of a 503. The reconnect forgets them (`invalidate(null)`).
 */
export function createCacheFiller(options: { cache: PageCache; isListening: () => boolean }) {
  const { cache } = options;
  const inflight = new Map<string, Promise<CachedBody | null>>();
  let epoch = 0;
  let setAside = new Map<string, CachedBody>();
  // A request peeks more than once on its way to a fill: hits are counted where memory answers,
  // misses where a page has to be produced (once per request, concurrent misses included).
  const counted = { hits: 0, misses: 0 };

  return {
    peek(key: string): CachedBody | undefined {
      const body = options.isListening() ? cache.get(key) : undefined;
      if (body) counted.hits += 1;
      return body;
    },
    /** Answers from memory and fills since the start: the page cache's hit rate. */
    counters: () => ({ ...counted }),
    fill(key: string, produce: () => Promise<Produced | null>): Promise<CachedBody | null> {
      counted.misses += 1;
      const pending = inflight.get(key);
      if (pending) return pending;
      const startedAt = epoch;
      const promise = (async () => {
        let produced: Produced | null;
        try {
          produced = await produce();
        } catch (error) {
          const kept = options.isListening() ? undefined : setAside.get(key);
          if (kept) return kept;
          throw error;
        }
        if (!produced) return null;
        const body = await prepareBody(produced.storeId, produced.text);
        if (produced.view) body.view = produced.view;
        if (epoch === startedAt && options.isListening()) cache.set(key, body);
        return body;
      })().finally(() => {
        if (inflight.get(key) === promise) inflight.delete(key);
      });
      inflight.set(key, promise);
      return promise;
    },
    /** One store changed (or, with null, anything may have): drop it and forget fills in flight. */
    invalidate,
    /** LISTEN dropped: drop everything, but keep it aside as the fallback for fills that fail meanwhile. */
    setAside(): void {
      const held = cache.snapshot();
      invalidate(null);
      setAside = held;
    },
  };

  function invalidate(storeId: string | null): void {
    epoch += 1;
    inflight.clear();
    if (storeId === null) {
      cache.clear();
      setAside = new Map();
    } else {
      cache.deleteStore(storeId);
      for (const [key, body] of setAside) if (body.storeId === storeId) setAside.delete(key);
    }
  }
}
