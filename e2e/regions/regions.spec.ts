import { expect, test, type Page } from '@playwright/test';
import { E2E_SYDNEY_ORIGIN, E2E_US_ORIGIN, startSydneyServer, type RegionServer } from '../support/regions.ts';
import { seedStore, uniqueSlug, type SeededStore } from '../support/seed.ts';

/**
 * Spec §4: the browser detects its region once (here from the time zone), looks stores up on the
 * nearest region first and falls back to us-central. The us-central e2e server runs with
 * REGION_URLS naming both servers; this journey starts and stops the sydney one itself.
 */
test.describe.configure({ mode: 'serial' });

let sydney: RegionServer | null = null;
let store: SeededStore;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000);
  sydney = await startSydneyServer();
  const api = await playwright.request.newContext({ baseURL: E2E_US_ORIGIN });
  try {
    store = await seedStore(api, { slug: uniqueSlug('regions'), name: 'Harbour Prints' });
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  await sydney?.stop();
});

interface SeenRequest {
  method: string;
  origin: string;
  path: string;
  failed: boolean;
}

/** Every request the page makes, in order, with whether it failed at the network level. */
function recordRequests(page: Page): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const byRequest = new Map<object, SeenRequest>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    const entry = { method: request.method(), origin: url.origin, path: url.pathname, failed: false };
    seen.push(entry);
    byRequest.set(request, entry);
  });
  page.on('requestfailed', (request) => {
    const entry = byRequest.get(request);
    if (entry) entry.failed = true;
  });
  return seen;
}

/** The store lookups (the callable POSTs, not CORS preflights), as origin and outcome. */
const lookups = (seen: SeenRequest[]) =>
  seen.filter((entry) => entry.method === 'POST' && entry.path === '/fn/lookupStore').map(({ origin, failed }) => ({ origin, failed }));

/** The members login page looks its store up in the browser and shows the store's name. */
async function openMembersLogin(page: Page) {
  await page.goto(`/${store.slug}/members/login`);
  await expect(page.getByText(`${store.name} members`)).toBeVisible();
}

test.describe('a visitor in Sydney, both regions up', () => {
  test.use({ timezoneId: 'Australia/Sydney' });

  test('looks the store up on the sydney server first, and it answers', async ({ page }) => {
    const seen = recordRequests(page);
    await openMembersLogin(page);
    const storeLookups = lookups(seen);
    expect(storeLookups[0]).toEqual({ origin: E2E_SYDNEY_ORIGIN, failed: false });
    expect(storeLookups.filter((lookup) => lookup.origin === E2E_US_ORIGIN)).toEqual([]);
  });
});

test.describe('a visitor in Chicago', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test('calls us-central only', async ({ page }) => {
    const seen = recordRequests(page);
    await openMembersLogin(page);
    const storeLookups = lookups(seen);
    expect(storeLookups.length).toBeGreaterThan(0);
    expect(storeLookups.filter((lookup) => lookup.origin !== E2E_US_ORIGIN || lookup.failed)).toEqual([]);
    expect(seen.filter((entry) => entry.origin === E2E_SYDNEY_ORIGIN)).toEqual([]);
  });
});

test.describe('a visitor in Sydney with the sydney server down', () => {
  test.use({ timezoneId: 'Australia/Sydney' });

  test('falls back to us-central and the store still loads', async ({ page }) => {
    await sydney?.stop();
    const seen = recordRequests(page);
    await openMembersLogin(page);
    expect(lookups(seen).slice(0, 2)).toEqual([
      { origin: E2E_SYDNEY_ORIGIN, failed: true },
      { origin: E2E_US_ORIGIN, failed: false },
    ]);
  });
});
