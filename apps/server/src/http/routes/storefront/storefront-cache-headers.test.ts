import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { cookieHeader } from '#src/testing/call-function.ts';
import { httpGet } from '#src/testing/http-get.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedProduct } from '#src/testing/seed-products.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { hero, pageContent, seedWebsitePage } from '#src/testing/website-pages.ts';

/**
 * What shared caches (nginx, a CDN) and browsers are told: published pages may be kept for
 * STOREFRONT_S_MAXAGE seconds by a shared cache and revalidated by browsers with their ETag, and
 * carry their store's tag for purges; nothing personal is ever shareable. Checked on the Fastify
 * path (a miss) and on the raw fast path (a hit over a real socket).
 */
const SHARED = 'public, max-age=0, s-maxage=7, stale-while-revalidate=30';
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createStorefrontTestApp({ env: testEnv({ STOREFRONT_S_MAXAGE: '7', STOREFRONT_STALE_WHILE_REVALIDATE: '30' }) });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => httpGet(`${base}${url}`, { 'accept-encoding': 'identity', ...headers });

/** Two requests of `url` (the second from memory, on the fast path): both shareable, tagged with the store, with the same ETag. */
async function expectShared(url: string, storeId: string, headers: Record<string, string> = {}) {
  const first = await get(url, headers);
  expect(first.status, url).toBe(200);
  const second = await get(url, headers);
  expect(second.headers['x-storefront-cache'], `${url}: the second comes from memory`).toBeUndefined();
  for (const response of [first, second]) {
    expect(response.headers['cache-control'], url).toBe(SHARED);
    expect(response.headers['cache-tag'], url).toBe(`store-${storeId}`);
    expect(response.headers['surrogate-key'], url).toBe(`store-${storeId}`);
    expect(response.headers['set-cookie'], url).toBeUndefined();
  }
  expect(second.headers.etag).toMatch(/^"[\w-]{20,}"$/);
  expect(second.headers.etag).toBe(first.headers.etag);
  return second.headers.etag!;
}

describe('published pages are shareable, tagged and revalidated', () => {
  it('a storefront page and a product page', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'tagged-shop' });
    await seedProduct(t.db, storeId, { slug: 'tagged-kit', title: 'Tagged Kit' });
    await expectShared('/tagged-shop', storeId);
    await expectShared('/tagged-shop/p/tagged-kit', storeId);
  });

  it('a website page, and a custom-domain page', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'tagged-site', customDomain: 'taggedsite.example' });
    await seedWebsitePage(t.db, storeId, { slug: 'home', title: 'Home', published: pageContent(hero('Tagged home')) });
    await expectShared('/tagged-site/website', storeId);
    await expectShared('/', storeId, { host: 'taggedsite.example' });
    const other = await seedStorefront(t.db, { slug: 'tagged-domain', customDomain: 'taggeddomain.example' });
    await expectShared('/', other.storeId, { host: 'taggeddomain.example' });
  });

  it('a matching ETag is a 304 with no body; after a publish the same ETag gets the new page', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'etag-front', name: 'Before' });
    const etag = await expectShared('/etag-front', storeId);
    const notModified = await get('/etag-front', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers['cache-control']).toBe(SHARED);
    expect(notModified.headers['cache-tag']).toBe(`store-${storeId}`);

    await t.db.transaction(async (tx) => {
      await tx.update(stores).set({ name: 'After' }).where(eq(stores.id, storeId));
      await notifyStorefrontChanged(tx, storeId);
    });
    await expect.poll(async () => (await get('/etag-front', { 'if-none-match': etag })).status, { timeout: 10_000 }).toBe(200);
    const fresh = await get('/etag-front', { 'if-none-match': etag });
    expect(fresh.text).toContain('After');
    expect(fresh.headers.etag).not.toBe(etag);
  });
});

describe('nothing personal is shareable', () => {
  it('a draft preview is private, untagged and has no ETag', async () => {
    const owner = await signedInCreator(t);
    await createStoreAs(t, owner, 'private-draft');
    for (const who of [cookieHeader(owner.token), {}]) {
      const preview = await get('/private-draft?preview=true', who);
      expect(preview.status).toBe(200);
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect(preview.headers['cache-tag']).toBeUndefined();
      expect(preview.headers['surrogate-key']).toBeUndefined();
      expect(preview.headers.etag).toBeUndefined();
    }
  });

  it('pages that depend on the session cookie (members area, dashboard) are never public', async () => {
    const owner = await signedInCreator(t);
    await createStoreAs(t, owner, 'members-shop');
    for (const url of ['/members-shop/members', '/dashboard']) {
      for (const who of [cookieHeader(owner.token), {}]) {
        const page = await get(url, who);
        const cacheControl = page.headers['cache-control'] ?? '';
        expect(cacheControl, url).toMatch(/\b(no-cache|no-store|private)\b/);
        expect(cacheControl, url).not.toMatch(/public|s-maxage/);
        expect(page.headers['cache-tag'], url).toBeUndefined();
      }
    }
  });

  it('a missing store and an unknown product are not shareable either', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'gap-shop' });
    expect(storeId).toBeTruthy();
    for (const url of ['/no-such-store-anywhere', '/gap-shop/p/nothing']) {
      const page = await get(url);
      expect(page.status, url).toBe(404);
      expect(page.headers['cache-control'], url).toBe('no-store');
      expect(page.headers['cache-tag'], url).toBeUndefined();
    }
  });
});
