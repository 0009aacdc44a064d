import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { StorefrontData } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { inlinedData, SAMPLE_LINKS, seedStorefront } from '#src/testing/seed-storefront.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import { callFunction } from '#src/testing/call-function.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL, testEnv } from '#src/testing/test-env.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createStorefrontTestApp({ env: testEnv({ BIO_DOMAIN: 'bio.example' }) });
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];
const styleBlocks = (html: string) => [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);

describe('GET /{slug}: the server-rendered storefront', () => {
  it('renders the name, bio, links, social icons, meta tags and the inlined data', async () => {
    await seedStorefront(t.db, { slug: 'cozy-mugs', avatarUrl: '/files/store1/avatar.webp' });
    const response = await get('/cozy-mugs');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html><html lang="en" data-app-mode="storefront">/);
    expect(html).toContain('<title>Cozy Mugs Co.</title>');
    expect(html).toContain('<meta name="description" content="Hand-thrown mugs for slow mornings.">');
    expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/cozy-mugs">`);
    expect(html).toContain('<meta property="og:title" content="Cozy Mugs Co.">');
    expect(html).toContain('<meta property="og:description" content="Hand-thrown mugs for slow mornings.">');
    expect(html).toContain(`<meta property="og:url" content="${TEST_PUBLIC_URL}/cozy-mugs">`);
    expect(html).toContain(`<meta property="og:image" content="${TEST_PUBLIC_URL}/files/store1/avatar.webp">`);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('<meta name="twitter:title" content="Cozy Mugs Co.">');
    expect(html).toContain('<h1 class="sf-name">Cozy Mugs Co.</h1>');
    expect(html).toContain('<p class="sf-bio">Hand-thrown mugs for slow mornings.</p>');
    expect(html).toContain('href="https://example.com/drop"');
    expect(html).toContain('New glaze drop');
    expect(html).not.toContain('Secret sale');
    expect(html).toContain('aria-label="Instagram"');
    expect(html).toContain('href="/cozy-mugs/members/login"');
    expect(html).toContain('id="shopfront-config"');

    const data = inlinedData(html) as StorefrontData;
    expect(data.store.slug).toBe('cozy-mugs');
    // Hidden link blocks are not sent at all, not even in the inlined data.
    expect(data.store.profile.links).toEqual(SAMPLE_LINKS.filter((link) => !link.hidden));
    expect(data.isPreview).toBe(false);
    expect(data.canonicalUrl).toBe(`${TEST_PUBLIC_URL}/cozy-mugs`);
  });

  it('loads only the storefront entry script (plus the JSON blocks), which hydrates the view', async () => {
    await seedStorefront(t.db, { slug: 'script-shop' });
    const html = (await get('/script-shop')).body;
    const scripts = scriptTags(html);
    expect(scripts.filter((tag) => tag.includes('type="module"'))).toHaveLength(1);
    expect(scripts.find((tag) => tag.includes('type="module"'))).toMatch(/src="\/assets\/storefront-[\w-]+\.js"/);
    expect(scripts.filter((tag) => tag.includes('application/json'))).toHaveLength(2);
    expect(html).not.toMatch(/mode-dashboard|main-[\w-]+\.js/);
  });

  it('paints from the document alone: the storefront CSS is inline in the head, no stylesheet is linked', async () => {
    await seedStorefront(t.db, { slug: 'paint-shop' });
    const html = (await get('/paint-shop')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(html).not.toMatch(/\.css"/);
    const css = styleBlocks(head).join('');
    // The view, both themes (the preview switches theme in place) and the product page's checkout form.
    for (const rule of ['.sf-name{', '.sf-root[data-theme=neon-pulse]', '.sf-root[data-theme=mocha-mood]', '.sf-pp-title{', '.sf-checkout{']) {
      expect(css).toContain(rule);
    }
    // The hydration script comes after the styles; a module script is deferred, so parsing and painting go on.
    expect(head.indexOf('<script type="module"')).toBeGreaterThan(head.lastIndexOf('</style>'));
    expect(styleBlocks(html.slice(html.indexOf('</head>')))).toEqual([]);
  });

  it('escapes creator text: a bio or name holding <script> never becomes markup', async () => {
    await seedStorefront(t.db, {
      slug: 'evil-shop',
      name: 'Evil </script><script>alert(1)</script>',
      description: 'Bio <script>alert("x")</script> & <img src=x onerror=alert(2)>',
    });
    const html = (await get('/evil-shop')).body;

    expect(scriptTags(html)).toHaveLength(3);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('Bio &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('<title>Evil &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>');
    expect((inlinedData(html) as StorefrontData).store.profile.name).toBe('Evil </script><script>alert(1)</script>');
  });

  it('uses the verified custom domain, over https, as the canonical URL', async () => {
    await seedStorefront(t.db, { slug: 'domain-shop', customDomain: 'shop.example.com' });
    const html = (await get('/domain-shop')).body;
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/">');
    expect(html).toContain('<meta property="og:url" content="https://shop.example.com/">');
  });

  it('applies the theme and its colour overrides', async () => {
    await seedStorefront(t.db, { slug: 'neon-shop', theme: 'neon-pulse', colors: { buttonColor: '#00ff88' } });
    const html = (await get('/neon-shop')).body;
    expect(html).toContain('data-theme="neon-pulse"');
    expect(html).toContain('--sf-button:#00ff88');
  });

  it('answers an unknown slug with the Store Not Found page and status 404', async () => {
    const response = await get('/no-such-store');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<h1>Store Not Found</h1>');
    expect(response.body).toContain('href="/"');
    expect(response.body).toContain('.sf-name{');
    expect(response.body).not.toMatch(/<link[^>]*rel="stylesheet"/);
  });

  it('leaves every other mode to the web app (dashboard, members, website, landing)', async () => {
    await seedStorefront(t.db, { slug: 'mode-shop' });
    for (const path of ['/', '/dashboard', '/login', '/mode-shop/members/login', '/mode-shop/website']) {
      const response = await get(path);
      expect(response.body, path).not.toContain('data-app-mode="storefront"');
    }
  });

  it('serves a bio subdomain at / with links relative to that host; an unknown one is 404', async () => {
    await seedStorefront(t.db, { slug: 'bio-shop', name: 'Bio Shop', bioDomain: 'ada.bio.example' });
    const response = await get('/', { host: 'ada.bio.example' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1 class="sf-name">Bio Shop</h1>');
    expect(response.body).toContain('href="/members/login"');

    const unknown = await get('/', { host: 'nobody.bio.example' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(`href="${TEST_PUBLIC_URL}/"`);
  });
});

describe('caching: ETag, 304, compression, invalidation', () => {
  it('sends a strong ETag, Cache-Control and Vary, and answers If-None-Match with 304', async () => {
    await seedStorefront(t.db, { slug: 'etag-shop' });
    const first = await get('/etag-shop');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=5');
    expect(first.headers.vary).toBe('Accept-Encoding');

    const revalidated = await get('/etag-shop', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);

    const stale = await get('/etag-shop', { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('serves the same bytes gzip- or brotli-compressed to clients that accept them', async () => {
    await seedStorefront(t.db, { slug: 'zip-shop' });
    const plain = await get('/zip-shop');
    const gzipped = await get('/zip-shop', { 'accept-encoding': 'gzip, deflate' });
    const brotli = await get('/zip-shop', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const refused = await get('/zip-shop', { 'accept-encoding': 'br;q=0, gzip;q=0' });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('keeps serving the cached page until storefront_changed names the store, then the new one', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'cached-shop', name: 'Before' });
    expect((await get('/cached-shop')).body).toContain('<h1 class="sf-name">Before</h1>');

    // A write without the notification: the cache, not the database, answers.
    await t.db.update(stores).set({ name: 'After' }).where(eq(stores.id, storeId));
    expect((await get('/cached-shop')).body).toContain('<h1 class="sf-name">Before</h1>');

    await notifyStorefrontChanged(t.db, storeId);
    await expect.poll(async () => (await get('/cached-shop')).body, { timeout: 5_000 }).toContain('<h1 class="sf-name">After</h1>');
  });
});

describe('GET /api/storefront and getStorefront: the public JSON read', () => {
  it('answers the store by slug and by host, from the same cache, with an ETag', async () => {
    await seedStorefront(t.db, { slug: 'json-shop', name: 'Json Shop', bioDomain: 'json.bio.example' });
    const bySlug = await get('/api/storefront?slug=json-shop');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(bySlug.headers.etag).toMatch(/^"/);
    const data = bySlug.json() as StorefrontData;
    expect(data.store.profile.name).toBe('Json Shop');

    const byHost = await get('/api/storefront?host=json.bio.example');
    expect(byHost.json()).toEqual(data);
    expect((await get('/api/storefront?slug=json-shop', { 'if-none-match': bySlug.headers.etag as string })).statusCode).toBe(304);

    const callable = await callFunction(t.app, 'getStorefront', { slug: 'json-shop' });
    expect(callable.json()).toEqual({ result: data });
  });

  it('answers 404 (JSON) and null (callable) for a store that does not exist', async () => {
    const response = await get('/api/storefront?slug=nobody-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'Store not found' } });
    const callable = await callFunction(t.app, 'getStorefront', { host: 'nobody.bio.example' });
    expect(callable.json()).toEqual({ result: null });
    expect((await get('/api/storefront')).statusCode).toBe(400);
  });
});
