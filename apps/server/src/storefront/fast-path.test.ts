import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparableHeaders as headersOf, startFastPathServer } from '../testing/fast-path-server.ts';
import type { TestApp } from '../testing/test-app.ts';
import { seedProduct } from '../testing/seed-products.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';

/** The raw-request fast path, over a real socket (app.inject never reaches it). */
let t: TestApp;
let base: string;
let requestLogs: (url: string) => number;

beforeAll(async () => {
  ({ t, base, requestLogs } = await startFastPathServer());
}, 120_000);
afterAll(() => t?.close());

describe('storefront fast path', () => {
  it('answers a cached page before Fastify, with exactly the headers and bytes Fastify sent', async () => {
    await seedStorefront(t.db, { slug: 'fast-shop' });
    const first = await fetch(`${base}/fast-shop`, { headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers.get('x-storefront-cache')).toBe('miss');
    const firstBody = await first.text();
    expect(requestLogs('/fast-shop')).toBe(1);

    const second = await fetch(`${base}/fast-shop`, { headers: { 'accept-encoding': 'gzip' } });
    expect(second.headers.get('x-storefront-cache')).toBeNull();
    expect(await second.text()).toBe(firstBody);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(second.headers.get('vary')).toBe('Accept-Encoding');
    // Fastify logs every request it handles: this one never reached it.
    expect(requestLogs('/fast-shop')).toBe(1);
  });

  it('answers the cached storefront JSON the same way', async () => {
    await seedStorefront(t.db, { slug: 'fast-json' });
    const url = '/api/storefront?slug=fast-json';
    const first = await fetch(`${base}${url}`);
    const firstBody = await first.json();
    expect(requestLogs('/api/storefront?slug')).toBeGreaterThanOrEqual(1);
    const logged = requestLogs('/api/storefront?slug');

    const second = await fetch(`${base}${url}`);
    expect(second.headers.get('x-storefront-cache')).toBeNull();
    expect(await second.json()).toEqual(firstBody);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(requestLogs('/api/storefront?slug')).toBe(logged);
  });

  it('serves gzip bytes, identity bytes and 304s from memory', async () => {
    await seedStorefront(t.db, { slug: 'fast-zip' });
    const plain = await (await fetch(`${base}/fast-zip?fbclid=abc`)).text();
    const raw = await new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${base}/fast-zip`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject),
      );
    });
    const served = requestLogs('/fast-zip');
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers['content-length']).toBe(String(raw.body.length));
    expect(gunzipSync(raw.body).toString('utf8')).toBe(plain);

    const revalidated = await fetch(`${base}/fast-zip`, { headers: { 'if-none-match': String(raw.headers.etag) } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(String(raw.headers.etag));
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=5');
    // Neither the gzip hit nor the 304 reached Fastify.
    expect(requestLogs('/fast-zip')).toBe(served);
  });

  it('leaves previews, CORS requests and Fastify routes to Fastify', async () => {
    await seedStorefront(t.db, { slug: 'healthz' });
    await seedStorefront(t.db, { slug: 'fast-other' });
    // Fill the cache for both stores through Fastify.
    await fetch(`${base}/healthz/about`);
    await fetch(`${base}/fast-other`);

    const health = await fetch(`${base}/healthz`);
    expect(health.headers.get('content-type')).toContain('application/json');
    expect(health.headers.get('x-storefront-cache')).toBeNull();

    const before = requestLogs('/fast-other?preview');
    await fetch(`${base}/fast-other?preview=true`);
    expect(requestLogs('/fast-other?preview')).toBe(before + 1);

    const withOrigin = requestLogs('/fast-other');
    await fetch(`${base}/fast-other`, { headers: { origin: 'https://elsewhere.example' } });
    expect(requestLogs('/fast-other')).toBe(withOrigin + 1);
  });

  it('keeps product pages and product JSON apart from their store’s', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'fast-products' });
    await seedProduct(t.db, storeId, { slug: 'guide', title: 'Fast Guide' });
    const urls = ['/fast-products', '/fast-products/p/guide', '/api/storefront?slug=fast-products', '/api/storefront?slug=fast-products&product=guide'];
    for (const url of urls) expect((await fetch(`${base}${url}`)).status, url).toBe(200);

    const logged = urls.map(requestLogs);
    const page = await fetch(`${base}/fast-products/p/guide`);
    expect(await page.text()).toContain('"product":{');
    const landing = await fetch(`${base}/fast-products`);
    expect(await landing.text()).not.toContain('"product":{');

    const productJson = await fetch(`${base}/api/storefront?slug=fast-products&product=guide`);
    expect(urls.map(requestLogs), 'answered from memory, before Fastify').toEqual(logged);
    expect(((await productJson.json()) as { product?: { title: string } }).product?.title).toBe('Fast Guide');
    const storeJson = await fetch(`${base}/api/storefront?slug=fast-products`);
    expect(await storeJson.json()).not.toHaveProperty('product');
    expect((await fetch(`${base}/api/storefront?slug=fast-products&product=nope`)).status).toBe(404);
    expect((await fetch(`${base}/fast-products/p/nope`)).status).toBe(404);
  });
});
