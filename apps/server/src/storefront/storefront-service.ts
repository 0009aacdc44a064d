import type { StoreKey, StorefrontData } from '@shopfront/core';
import type { PageView } from '../analytics/analytics-event.ts';
import type { Database } from '../db/client.ts';
import { listenConnectionOf, listenToChannels } from '../db/listen.ts';
import { FRONT_DEFAULTS } from '../env/front-env.ts';
import { STOREFRONT_CHANGED_CHANNEL } from '../db/storefront-events.ts';
import type { StorefrontLog } from './storefront-log.ts';
import type { StorefrontLoader } from './storefront-loader.ts';
import type { WebsiteLoader } from './website-loader.ts';
import { createCacheFiller, type Produced } from './cache-filler.ts';
import { prepareBody } from './compress.ts';
import { PageCache, type CachedBody, type PageCacheLimits } from './page-cache.ts';
import { loadStorefrontRenderer, type StorefrontRenderer } from './ssr-renderer.ts';

/**
 * The bench's landing page (10 links, 20 products) is ~67 KB of HTML, most of it the storefront's
 * CSS, inlined so a phone paints from the document alone (page-assets.ts): 10.6 KB gzip and 10.0 KB
 * brotli. The HTML itself is kept, and counted, only once a client without compression asks
 * (page-cache.ts), so a page costs ~21 KB of the bound: the default 32 MB (PAGE_CACHE_MAX_BYTES)
 * holds about 1,600 stores' landing pages; past it the least recently seen store goes first.
 */
export const DEFAULT_CACHE_LIMITS: PageCacheLimits = { maxEntries: 50_000, maxBytes: FRONT_DEFAULTS.pageCacheMaxBytes };
const RENDERER_RETRY_MS = 5_000;

export interface StorefrontServiceOptions {
  /** LISTEN runs on its own connection with this pool's settings. */
  db: Database;
  /** The store reads (domain/storefront/create-storefront-loader.ts, wired by the composition root). */
  loader: StorefrontLoader;
  /** The website pages' reads (domain/storefront/create-website-loader.ts); without it no website is served. */
  websiteLoader?: WebsiteLoader;
  webDistDir: string;
  /** The client config `<script>` (http/routes/web-app/web-app.ts), injected into every page. */
  configElement: string;
  log: StorefrontLog;
  limits?: PageCacheLimits;
  /** Test seam; defaults to reading the clock. */
  nowMs?: () => number;
  /**
   * A region's mirror (docs/regions.md): its replicated changes are announced by triggers on
   * `storefront_changed` there, so pages read from it are dropped when the rows land.
   */
  mirrorConnection?: string;
  /** The database visitor reads use now (the mirror while healthy); defaults to `db`. */
  visitorDb?: () => Database;
  /**
   * Told of every store change this server hears on the primary, after its pages were dropped:
   * the CDN purge (storefront/cdn-purge-job.ts). Each server hears each change.
   */
  onStoreChanged?: (storeId: string) => void;
}

/** What a storefront page is and where its store comes from. */
export interface PageTarget {
  /** `html|slug:{slug}`, `html|host:{host}`, `json|…` (see storefront-target.ts). */
  key: string;
  /** Tried in order; the first store found answers. */
  storeKeys: StoreKey[];
  /** `/{slug}` on the product's hosts, '' on a custom or bio domain. */
  basePath: string;
  /** Set for a product page (`…/p/{productSlug}`). */
  productSlug?: string;
}

/** A store's page data is usable when the store exists and, on a product page, so does the product. */
const isShown = (data: StorefrontData | null, productSlug: string | undefined): data is StorefrontData =>
  data !== null && (productSlug === undefined || Boolean(data.product));

export type StorefrontService = ReturnType<typeof createStorefrontService>;

/** This server's page cache: entries, bytes held and their bound, stores, and memory's hit rate. */
export interface PageCacheReport {
  entries: number;
  bytes: number;
  maxBytes: number;
  stores: number;
  hits: number;
  misses: number;
  /** hits / (hits + misses); null before the first request. */
  hitRate: number | null;
}

/**
 * The published-storefront read path (ARCHITECTURE "Storefront speed"): rendered pages and JSON,
 * compressed once and held in memory, dropped when `storefront_changed` names their store. Pages
 * are kept only while LISTEN is up, every (re)connection drops them all, and a fill that overlaps
 * an invalidation is served but not kept, so visitors do not keep seeing a store as it was.
 */
export function createStorefrontService(options: StorefrontServiceOptions) {
  const { db, log } = options;
  const nowMs = options.nowMs ?? Date.now;
  const limits = options.limits ?? DEFAULT_CACHE_LIMITS;
  const cache = new PageCache(limits);
  const notFoundPages = new Map<string, Promise<CachedBody>>();
  let renderer: StorefrontRenderer | null = null;
  let rendererAttempt: { at: number; promise: Promise<StorefrontRenderer | null> } | null = null;

  // Pages are kept only once LISTEN is up: before that, a NOTIFY could be missed.
  let listening = false;
  const filler = createCacheFiller({ cache, isListening: () => listening });
  const { fill } = filler;
  const listener = listenToChannels({
    connection: listenConnectionOf(db),
    channels: [STOREFRONT_CHANGED_CHANNEL],
    log,
    name: 'shopfront-storefront-listen',
    onNotify: (_channel, storeId) => {
      filler.invalidate(storeId || null);
      if (storeId) options.onStoreChanged?.(storeId);
    },
    // (Re)connected: changes may have been missed meanwhile, so everything goes.
    onConnected: () => {
      filler.invalidate(null);
      listening = true;
    },
    // Lost: a publish elsewhere would go unseen, so memory stops answering at once (pages come
    // from the database) until the reconnect; what it held goes now, kept aside only as the
    // answer when the database cannot be read either (stale-if-error: a page from before the outage beats a 503).
    onDisconnected: () => {
      listening = false;
      filler.setAside();
    },
  });

  // The mirror's changes arrive on its own connection. While it is down nothing says when mirror
  // rows change, so the mirror monitor sends reads to the primary (isMirrorListening).
  let mirrorListening = false;
  const mirrorListener = options.mirrorConnection
    ? listenToChannels({
        connection: options.mirrorConnection,
        channels: [STOREFRONT_CHANGED_CHANNEL],
        log,
        name: 'shopfront-storefront-listen-mirror',
        onNotify: (_channel, storeId) => filler.invalidate(storeId || null),
        onConnected: () => {
          filler.invalidate(null);
          mirrorListening = true;
        },
        onDisconnected: () => {
          mirrorListening = false;
          filler.invalidate(null);
        },
      })
    : null;

  /** The web build's renderer; retried now and then while the web app is not built. */
  async function getRenderer(): Promise<StorefrontRenderer | null> {
    if (renderer) return renderer;
    if (!rendererAttempt || nowMs() - rendererAttempt.at > RENDERER_RETRY_MS) {
      const promise = loadStorefrontRenderer(options);
      rendererAttempt = { at: nowMs(), promise };
      renderer = await promise;
      if (renderer) notFoundPages.clear();
      return renderer;
    }
    return rendererAttempt.promise;
  }

  const { loader } = options;

  /** The first store the keys find (on a product page, with `product` set or null). */
  const loadFirst = (keys: readonly StoreKey[], productSlug?: string) => firstFound(keys, (key) => loader.loadPublished(key, productSlug));
  const loadPreviewFirst = (keys: readonly StoreKey[], userId: string, productSlug?: string) =>
    firstFound(keys, (key) => loader.loadPreview(key, userId, productSlug));

  return {
    getRenderer,
    /** A cached body, without waiting: the hot path. */
    peek: filler.peek,
    /**
     * The published page — the landing, or a product page cached under its own key and dropped
     * with its store; null when no store answers the lookup or it has no such published product.
     */
    async page(target: PageTarget, renderWith: StorefrontRenderer): Promise<CachedBody | null> {
      return filler.peek(target.key) ?? fill(target.key, async () => {
        const data = await loadFirst(target.storeKeys, target.productSlug);
        if (!isShown(data, target.productSlug)) return null;
        const view: PageView = target.productSlug !== undefined && data.product
          ? { type: 'product_view', productId: data.product.id, page: null }
          : { type: 'storefront_view', productId: null, page: null };
        return { storeId: data.store.id, text: renderWith.renderStore(data, target.basePath), view };
      });
    },
    /** The owner's draft page (never cached); null when the caller is not the owner. */
    async previewPage(target: PageTarget, userId: string, renderWith: StorefrontRenderer): Promise<CachedBody | null> {
      const data = await loadPreviewFirst(target.storeKeys, userId, target.productSlug);
      return isShown(data, target.productSlug) ? prepareBody(data.store.id, renderWith.renderStore(data, target.basePath)) : null;
    },
    /** The storefront JSON (same data the page inlines); null when no store (or product) answers. */
    async json(target: Omit<PageTarget, 'basePath'>): Promise<CachedBody | null> {
      return filler.peek(target.key) ?? fill(target.key, async () => {
        const data = await loadFirst(target.storeKeys, target.productSlug);
        return isShown(data, target.productSlug) ? { storeId: data.store.id, text: JSON.stringify(data) } : null;
      });
    },
    /** The owner's draft data (never cached); null when the caller is not the owner. */
    previewData: (keys: readonly StoreKey[], userId: string, productSlug?: string) => loadPreviewFirst(keys, userId, productSlug),
    /**
     * A product page whose product is missing (or not published): "Product not found" with a way
     * back to the store (404, not cached: a product may be published any moment). Null when the
     * store itself is missing.
     */
    async productNotFoundPage(target: PageTarget, renderWith: StorefrontRenderer): Promise<CachedBody | null> {
      const store = await firstFound(target.storeKeys, (key) => loader.findStore(key));
      return store ? prepareBody(store.id, renderWith.renderProductNotFound({ storeHref: target.basePath || '/', storeName: store.name })) : null;
    },
    /**
     * "This store is offline" (503, never cached: the store may come back any moment) when the
     * target's store exists but is offline; null otherwise. Visitors never see why.
     */
    async offlinePage(target: Omit<PageTarget, 'key'>, renderWith: StorefrontRenderer, homeUrl: string): Promise<CachedBody | null> {
      const store = await firstFound(target.storeKeys, (key) => loader.findStore(key));
      return store?.offline ? prepareBody(store.id, renderWith.renderOffline({ storeName: store.name, homeUrl })) : null;
    },
    /** Whether the target's store exists and is offline (the JSON read answers 503 then). */
    async isOffline(target: Pick<PageTarget, 'storeKeys'>): Promise<boolean> {
      const store = await firstFound(target.storeKeys, (key) => loader.findStore(key));
      return store?.offline ?? false;
    },
    /** Spec §2 Store Not Found, rendered once per home link. */
    notFoundPage(homeUrl: string, renderWith: StorefrontRenderer): Promise<CachedBody> {
      let page = notFoundPages.get(homeUrl);
      if (!page) notFoundPages.set(homeUrl, (page = prepareBody('', renderWith.renderNotFound(homeUrl))));
      return page;
    },
    /** The website pages' reads (null when the app was built without them). */
    websiteLoader: options.websiteLoader ?? null,
    /**
     * Any page kept like the storefront's (website pages, sitemaps): from memory, else produced,
     * compressed and kept under `key`, dropped when its store changes.
     */
    cached(key: string, produce: () => Promise<Produced | null>): Promise<CachedBody | null> {
      const hit = filler.peek(key);
      return hit ? Promise.resolve(hit) : fill(key, produce);
    },
    /** The published storefront a key list finds (the website falls back to it on a custom domain). */
    publishedStorefront: (keys: readonly StoreKey[]) => loadFirst(keys),
    /** Resolves once LISTEN is up (or its first attempt failed): tests wait on it. */
    ready: () => listener.whenListening().catch(() => undefined),
    isCaching: () => listening,
    /** The database a visitor's store lookup reads now: the region's mirror while it is healthy. */
    visitorDb: options.visitorDb ?? (() => db),
    /** Whether the mirror's change notifications are heard (false without a mirror). */
    isMirrorListening: () => mirrorListening,
    /** Drops every kept page: visitor reads moved between the mirror and the primary. */
    invalidateAll: () => filler.invalidate(null),
    stats: () => cache.stats(),
    /** What /healthz/page-cache reports: the bound, what is held, and the hit rate since the start. */
    pageCacheReport: (): PageCacheReport => {
      const { hits, misses } = filler.counters();
      return { ...cache.stats(), maxBytes: limits.maxBytes, hits, misses, hitRate: hits + misses === 0 ? null : hits / (hits + misses) };
    },
    close: async () => {
      await Promise.all([listener.close(), mirrorListener?.close()]);
    },
  };
}

/** The first non-null answer, trying the keys in order. */
async function firstFound<T>(keys: readonly StoreKey[], find: (key: StoreKey) => Promise<T | null>): Promise<T | null> {
  for (const key of keys) {
    const found = await find(key);
    if (found) return found;
  }
  return null;
}
