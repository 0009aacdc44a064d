import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRegionRouter,
  CURRENCY_CHOICE_STORAGE_KEY,
  CURRENCY_DETECTION_TIMEOUT_MS,
  REGION_STORAGE_KEY,
  type RegionRouterOptions,
} from './region.ts';

const US = 'http://us.shop.test';
const SYDNEY = 'http://syd.shop.test';
const URLS = { 'us-central': US, sydney: SYDNEY };

/** One browser session's storage (each test gets a new one, as a new tab would). */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** The currency service's answer (only `country` and `source` matter for the region). */
const currencyAnswer = (country: string | null, source: string) =>
  vi.fn(async () => new Response(JSON.stringify({ success: true, country, source, currency: 'USD' }), { status: 200 }));

function router(overrides: Partial<RegionRouterOptions> = {}) {
  const created = createRegionRouter({
    urls: URLS,
    pageOrigin: US,
    fetchImpl: currencyAnswer(null, 'default'),
    sessionStorage: memoryStorage(),
    localStorage: memoryStorage(),
    timeZone: () => 'America/Chicago',
    ...overrides,
  });
  if (!created) throw new Error('expected a router for two regions');
  return created;
}

afterEach(() => vi.useRealTimers());

describe('region detection (spec §4: worker country, user currency, time zone, us-central)', () => {
  it('is off in one region: no router unless the config names both regions', () => {
    expect(createRegionRouter({ urls: undefined, pageOrigin: US })).toBeNull();
    expect(createRegionRouter({ urls: { 'us-central': US }, pageOrigin: US })).toBeNull();
    expect(createRegionRouter({ urls: { sydney: SYDNEY }, pageOrigin: US })).toBeNull();
  });

  it('sends the time zone to the currency service and uses a header country', async () => {
    const fetchImpl = currencyAnswer('AU', 'header');
    await expect(router({ fetchImpl }).region()).resolves.toBe('sydney');
    expect(fetchImpl).toHaveBeenCalledWith('/api/currency?tz=America%2FChicago', expect.anything());
  });

  it('lets a header country outrank the time zone, both ways', async () => {
    await expect(router({ fetchImpl: currencyAnswer('US', 'header'), timeZone: () => 'Australia/Sydney' }).region()).resolves.toBe('us-central');
    await expect(router({ fetchImpl: currencyAnswer('IN', 'header'), timeZone: () => 'America/Chicago' }).region()).resolves.toBe('sydney');
  });

  it.each(['language', 'timezone', 'default'])('ignores a country the service only guessed (source %s)', async (source) => {
    await expect(router({ fetchImpl: currencyAnswer('AU', source) }).region()).resolves.toBe('us-central');
  });

  it('uses the currency the visitor chose before the time zone', async () => {
    const chose = (code: string) => memoryStorage({ [CURRENCY_CHOICE_STORAGE_KEY]: code });
    await expect(router({ localStorage: chose('AUD') }).region()).resolves.toBe('sydney');
    await expect(router({ localStorage: chose('USD'), timeZone: () => 'Australia/Sydney' }).region()).resolves.toBe('us-central');
  });

  it('falls to the time zone when the currency service fails or is refused', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(router({ fetchImpl: down, timeZone: () => 'Australia/Sydney' }).region()).resolves.toBe('sydney');
    const refused = vi.fn(async () => new Response('{"error":{}}', { status: 500 }));
    await expect(router({ fetchImpl: refused, timeZone: () => 'Asia/Kolkata' }).region()).resolves.toBe('sydney');
  });

  it('waits for the currency service 3 s at most, then decides by the time zone', async () => {
    vi.useFakeTimers();
    const hanging = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    let region: string | null = null;
    void router({ fetchImpl: hanging, timeZone: () => 'Australia/Sydney' })
      .region()
      .then((answer) => (region = answer));
    await vi.advanceTimersByTimeAsync(CURRENCY_DETECTION_TIMEOUT_MS - 1);
    expect(region).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(region).toBe('sydney');
  });

  it('falls back to us-central when detection itself fails (spec §8)', async () => {
    const sessionStorage = memoryStorage();
    const failing = router({
      sessionStorage,
      fetchImpl: currencyAnswer('AU', 'header'),
      timeZone: () => {
        throw new RangeError('Intl unavailable');
      },
    });
    await expect(failing.region()).resolves.toBe('us-central');
    expect(sessionStorage.getItem(REGION_STORAGE_KEY)).toBeNull();
  });

  it('detects once per session: one currency call, the answer kept in session storage', async () => {
    const sessionStorage = memoryStorage();
    const fetchImpl = currencyAnswer('AU', 'header');
    const first = router({ fetchImpl, sessionStorage });
    await Promise.all([first.region(), first.region(), first.originsFor('lookupStore', { by: 'slug', slug: 'cozy-mugs' })]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(REGION_STORAGE_KEY)).toBe('sydney');

    // The next page load of the same tab: no call at all.
    const nextPage = router({ fetchImpl, sessionStorage });
    await expect(nextPage.region()).resolves.toBe('sydney');
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    // A new tab (new session) detects again.
    await router({ fetchImpl }).region();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('detects again when the stored value is not a region', async () => {
    const sessionStorage = memoryStorage({ [REGION_STORAGE_KEY]: 'mars' });
    const fetchImpl = currencyAnswer('NZ', 'header');
    await expect(router({ fetchImpl, sessionStorage }).region()).resolves.toBe('sydney');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe('which origins a call tries', () => {
  const sydneyVisitor = (overrides: Partial<RegionRouterOptions> = {}) => router({ timeZone: () => 'Australia/Sydney', ...overrides });

  it.each([
    ['lookupStore', { by: 'slug', slug: 'cozy-mugs' }],
    ['getStorefront', { slug: 'cozy-mugs' }],
    ['getStorefront', { host: 'mugs.example.com', preview: false }],
    ['getPublishedWebsitePage', { slug: 'cozy-mugs', pageSlug: 'about' }],
  ] as const)('sends %s to the nearest region, then us-central', async (name, data) => {
    await expect(sydneyVisitor().originsFor(name, data)).resolves.toEqual([SYDNEY, US]);
  });

  it('keeps the page origin when us-central is nearest and is the page', async () => {
    await expect(router().originsFor('lookupStore', { by: 'slug', slug: 'cozy-mugs' })).resolves.toBeNull();
  });

  it('keeps the page origin when us-central is nearest, on a custom domain too', async () => {
    await expect(router({ pageOrigin: 'https://mugs.example.com' }).originsFor('getStorefront', { slug: 'cozy-mugs' })).resolves.toBeNull();
  });

  it('falls back to the us-central URL from a custom domain page', async () => {
    await expect(sydneyVisitor({ pageOrigin: 'https://mugs.example.com' }).originsFor('lookupStore', { by: 'slug', slug: 'cozy-mugs' })).resolves.toEqual([SYDNEY, US]);
  });

  it('keeps an owner preview and every other function on the page origin, without detecting', async () => {
    const fetchImpl = currencyAnswer('AU', 'header');
    const visitor = sydneyVisitor({ fetchImpl });
    await expect(visitor.originsFor('getStorefront', { slug: 'cozy-mugs', preview: true })).resolves.toBeNull();
    await expect(visitor.originsFor('getPlatformStatus', {})).resolves.toBeNull();
    await expect(visitor.originsFor('createStoreWithTenant', { name: 'Cozy' } as never)).resolves.toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
