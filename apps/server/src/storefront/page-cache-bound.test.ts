import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { createStorefrontTestApp } from '../testing/storefront-test-app.ts';
import type { TestApp } from '../testing/test-app.ts';
import { testEnv } from '../testing/test-env.ts';
import type { PageCacheReport } from './storefront-service.ts';

/**
 * PAGE_CACHE_MAX_BYTES bounds the memory pages take, whatever the number of stores: the least
 * recently seen store goes first, a store visitors keep asking for stays, and a page that went is
 * rendered again on its next visit. /healthz/page-cache says how much is held and the hit rate.
 */
const CAP = 1024 * 1024;
const STORES = 120;
const HOT = 'bound-hot';
let t: TestApp;

beforeAll(async () => {
  t = await createStorefrontTestApp({ env: testEnv({ PAGE_CACHE_MAX_BYTES: String(CAP) }) });
  await seedStorefront(t.db, { slug: HOT });
  for (let i = 1; i <= STORES; i++) await seedStorefront(t.db, { slug: `bound-${i}` });
}, 120_000);
afterAll(() => t?.close());

const visit = async (slug: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/${slug}`, headers: { 'accept-encoding': 'gzip' } });
  expect(response.statusCode, slug).toBe(200);
  return response.headers['x-storefront-cache'] === 'miss' ? 'miss' : 'hit';
};
const report = async () => (await t.app.inject({ method: 'GET', url: '/healthz/page-cache' })).json() as PageCacheReport;

describe('the page cache bound', () => {
  it('filling past the cap evicts the least recently used stores, keeps the hot one and stays under the cap', async () => {
    const before = await report();
    expect(before).toMatchObject({ maxBytes: CAP, entries: 0, bytes: 0 });
    expect(await visit(HOT)).toBe('miss');
    for (let i = 1; i <= STORES; i++) {
      expect(await visit(`bound-${i}`)).toBe('miss');
      // The hot store is asked for all along: it is never the least recently used.
      if (i % 5 === 0) expect(await visit(HOT), `hot store after ${i}`).toBe('hit');
      const { bytes } = await report();
      expect(bytes).toBeLessThanOrEqual(CAP);
    }
    const filled = await report();
    expect(filled.stores, 'some stores were evicted').toBeLessThan(STORES + 1);
    expect(filled.stores, 'most of the cap is used').toBeGreaterThan(10);
    expect(filled.bytes).toBeGreaterThan(CAP * 0.8);
    expect(await visit(HOT)).toBe('hit');
    expect(await visit(`bound-${STORES}`), 'the most recent store is still held').toBe('hit');

    // The first store filled went first; its next visit renders it again, then memory answers.
    expect(await visit('bound-1')).toBe('miss');
    expect(await visit('bound-1')).toBe('hit');
    expect((await report()).bytes).toBeLessThanOrEqual(CAP);
  });

  it('reports the hit rate: hits over hits and misses since the start', async () => {
    const { hits, misses, hitRate } = await report();
    expect(hits).toBeGreaterThan(0);
    expect(misses).toBeGreaterThan(STORES);
    expect(hitRate).toBeCloseTo(hits / (hits + misses), 10);
    await visit(HOT);
    const after = await report();
    expect(after.hits).toBe(hits + 1);
    expect(after.misses).toBe(misses);
  });
});
