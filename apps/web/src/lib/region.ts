import {
  createRegionDetector,
  DEFAULT_REGION,
  detectRegion,
  MIRRORED_READ_FUNCTIONS,
  REGIONS,
  type ClientConfig,
  type FunctionName,
  type Region,
} from '@shopfront/core';
import { browserTimeZone } from './browser-time-zone.ts';
import { clientConfig } from './env.ts';

/** This tab's detected region (spec §4 "runs once and is cached"). */
export const REGION_STORAGE_KEY = 'shopfront.region';
/** The currency a visitor chose themselves, if ever: the spec's second region signal. */
export const CURRENCY_CHOICE_STORAGE_KEY = 'shopfront.currency.choice';
/** Detection must not hold a store lookup back for long: past this the worker country is skipped. */
export const CURRENCY_DETECTION_TIMEOUT_MS = 3_000;

const MIRRORED: ReadonlySet<string> = new Set(MIRRORED_READ_FUNCTIONS);

export interface RegionRouter {
  /** The page's own origin: calls to it go to `/fn/{name}` with the session cookie, as always. */
  readonly pageOrigin: string;
  /**
   * The origins to try in turn for this call, nearest region first and us-central last; null
   * when the call stays on the page's origin: not a mirrored store read, or us-central is nearest.
   */
  originsFor(name: FunctionName, data: unknown): Promise<string[] | null>;
  /** This session's region (detected once, then cached; us-central when detection fails). */
  region(): Promise<Region>;
}

export interface RegionRouterOptions {
  urls: ClientConfig['regions'];
  pageOrigin: string;
  fetchImpl?: typeof fetch;
  sessionStorage?: Storage | null;
  localStorage?: Storage | null;
  timeZone?: () => string | null;
}

/**
 * Spec §4: store lookups try the nearest region first, then us-central. Only when the platform
 * runs in both regions (the client config names both); otherwise null and every call stays on the
 * page's origin. Detection uses the currency service's country only when it came from a trusted
 * proxy header (a guess from the language or time zone is no better than our own time zone).
 */
export function createRegionRouter(options: RegionRouterOptions): RegionRouter | null {
  const { urls, pageOrigin } = options;
  if (!urls?.sydney || !urls['us-central']) return null;
  const origins: Record<Region, string> = { 'us-central': urls['us-central'], sydney: urls.sydney };
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeZone = options.timeZone ?? browserTimeZone;

  const region = createRegionDetector(async () => {
    const stored = readItem(options.sessionStorage, REGION_STORAGE_KEY);
    if (stored && (REGIONS as readonly string[]).includes(stored)) return stored as Region;
    const zone = timeZone();
    const detected = detectRegion({
      workerCountry: await headerCountry(fetchImpl, zone),
      userCurrency: readItem(options.localStorage, CURRENCY_CHOICE_STORAGE_KEY),
      timeZone: zone,
    });
    writeItem(options.sessionStorage, REGION_STORAGE_KEY, detected);
    return detected;
  });

  return {
    pageOrigin,
    region,
    async originsFor(name, data) {
      if (!MIRRORED.has(name) || isPreview(data)) return null;
      const nearest = await region();
      // Nearest is us-central: one call, where every other call goes (the page's own server).
      if (nearest === DEFAULT_REGION) return null;
      return [...new Set([origins[nearest], origins[DEFAULT_REGION]])];
    },
  };
}

let cached: RegionRouter | null | undefined;

/** The router of this page load, from the client config; null in one region. */
export function defaultRegionRouter(): RegionRouter | null {
  if (cached === undefined) {
    cached = createRegionRouter({
      urls: clientConfig().regions,
      pageOrigin: location.origin,
      sessionStorage: storageOrNull('sessionStorage'),
      localStorage: storageOrNull('localStorage'),
    });
  }
  return cached;
}

/** An owner's preview needs their session cookie, which only the page's origin receives. */
function isPreview(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { preview?: unknown }).preview === true;
}

/** The country of `GET /api/currency` when a trusted proxy header gave it; null on any failure. */
async function headerCountry(fetchImpl: typeof fetch, timeZone: string | null): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CURRENCY_DETECTION_TIMEOUT_MS);
  try {
    const query = timeZone ? `?tz=${encodeURIComponent(timeZone)}` : '';
    const response = await fetchImpl(`/api/currency${query}`, { headers: { Accept: 'application/json' }, signal: controller.signal });
    if (!response.ok) return null;
    const body = (await response.json()) as { country?: unknown; source?: unknown } | null;
    return body?.source === 'header' && typeof body.country === 'string' ? body.country : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Browsers may refuse storage (private modes, blocked cookies): the answer is then not cached. */
function storageOrNull(name: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return window[name];
  } catch {
    return null;
  }
}

function readItem(storage: Storage | null | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeItem(storage: Storage | null | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or refused: detection runs again next page load, which is all that is lost.
  }
}
