import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../db/schema/index.ts';
import { notifyStorefrontChanged } from '../db/storefront-events.ts';
import { cookieHeader } from '../testing/call-function.ts';
import { signedInCreator } from '../testing/creators.ts';
import { httpGet } from '../testing/http-get.ts';
import { findNginx, startNginxFront, type NginxFront } from '../testing/nginx-front.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { createStorefrontTestApp } from '../testing/storefront-test-app.ts';
import { createStoreAs } from '../testing/stores.ts';
import type { TestApp } from '../testing/test-app.ts';
import { testEnv } from '../testing/test-env.ts';

/**
 * deploy/nginx/shopfront.conf, as shipped, in front of a server: published pages are cached for
 * the server's s-maxage, nothing personal ever is, and a publish shows through within it.
 */
const nginx = findNginx();
if (!nginx) console.warn('nginx-front.test.ts: skipped, nginx is not installed (apt-get install nginx-light; CI has it).');
const S_MAXAGE = 1;

let t: TestApp;
let front: NginxFront;

beforeAll(async () => {
  if (!nginx) return;
  t = await createStorefrontTestApp({ env: testEnv({ STOREFRONT_S_MAXAGE: String(S_MAXAGE), TRUST_PROXY: 'loopback' }) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  front = await startNginxFront(nginx, typeof address === 'object' && address ? address.port : 0);
}, 120_000);
afterAll(async () => {
  await front?.stop();
  await t?.close();
});

const through = (path: string, headers: Record<string, string> = {}) => httpGet(`${front.url}${path}`, { 'accept-encoding': 'gzip', ...headers });
const heading = (html: string) => /<h1 class="sf-name">([^<]*)<\/h1>/.exec(html)?.[1];

describe.skipIf(!nginx)('the nginx caching front', () => {
  it('answers the second request for a published page from its cache, with the server’s headers and bytes', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'front-shop' });
    const first = await through('/front-shop');
    expect(first.status).toBe(200);
    expect(first.headers['x-cache-status']).toBe('MISS');
    const second = await through('/front-shop');
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers['cache-tag']).toBe(`store-${storeId}`);
    expect(second.headers.etag).toBe(first.headers.etag);
    // Each encoding is its own entry: a brotli client gets brotli from the server, then from the cache.
    expect((await through('/front-shop', { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    expect((await through('/front-shop', { 'accept-encoding': 'br' })).headers['x-cache-status']).toBe('HIT');
  });

  it('passes the Host: a custom domain is served and cached under its own name', async () => {
    await seedStorefront(t.db, { slug: 'front-domain', name: 'Front Domain', customDomain: 'frontdomain.example' });
    const first = await through('/', { host: 'frontdomain.example', 'accept-encoding': 'identity' });
    expect(heading(first.text)).toBe('Front Domain');
    const second = await through('/', { host: 'frontdomain.example', 'accept-encoding': 'identity' });
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(heading(second.text)).toBe('Front Domain');
  });

  it('never caches a signed-in page: the dashboard and the owner’s draft preview', async () => {
    const owner = await signedInCreator(t);
    await createStoreAs(t, owner, 'front-draft');
    for (const path of ['/dashboard', '/front-draft?preview=true', '/front-draft/members']) {
      for (let round = 0; round < 3; round++) {
        const answer = await through(path, cookieHeader(owner.token));
        expect(answer.status, path).toBe(200);
        expect(answer.headers['x-cache-status'], path).not.toBe('HIT');
      }
    }
    const preview = await through('/front-draft?preview=true', cookieHeader(owner.token));
    expect(preview.headers['cache-control']).toBe('private, no-store');
  });

  it('shows a publish through the front within s-maxage', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'front-publish', name: 'Old Name' });
    await through('/front-publish');
    const cached = await through('/front-publish', { 'accept-encoding': 'identity' });
    expect(heading(cached.text)).toBe('Old Name');

    const publishedAt = performance.now();
    await t.db.transaction(async (tx) => {
      await tx.update(stores).set({ name: 'New Name' }).where(eq(stores.id, storeId));
      await notifyStorefrontChanged(tx, storeId);
    });
    await expect
      .poll(async () => heading((await through('/front-publish', { 'accept-encoding': 'identity' })).text), { timeout: 10_000, interval: 50 })
      .toBe('New Name');
    const visibleAfterMs = performance.now() - publishedAt;
    // nginx counts expiry in whole seconds (an entry kept at 10.9 s lasts until 12 s): s-maxage + 1 s,
    // plus the one request that fetches the new page and the poll's own interval.
    expect(visibleAfterMs).toBeLessThan((S_MAXAGE + 1) * 1000 + 500);
  });
});
