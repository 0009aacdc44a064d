import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { TEST_ALLOWED_ORIGIN, testEnv } from '#src/testing/test-env.ts';
import { cspHeaderValue, LESSON_FRAME_SOURCES, storefrontCspDirectives } from '#src/http/security-headers.ts';

/** Decision 013: storefront answers carry SECURITY's required headers and nothing else. */
let t: TestApp;
let https: TestApp;

beforeAll(async () => {
  t = await createStorefrontTestApp();
  https = await createStorefrontTestApp({ env: testEnv({ PUBLIC_URL: 'https://shop.example', CORS_ORIGINS: TEST_ALLOWED_ORIGIN }) });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await https?.close();
});

const names = (headers: Record<string, unknown>) => Object.keys(headers).sort();
// Published bodies add their ETag and their store's cache tags (Cache-Tag, Surrogate-Key) to these.
const PAGE_HEADERS = ['cache-control', 'content-length', 'content-security-policy', 'content-type', 'referrer-policy', 'vary', 'x-content-type-options'];

describe('storefront response headers', () => {
  it('a published page carries exactly the required security headers, on a miss and on a hit', async () => {
    await seedStorefront(t.db, { slug: 'lean-shop' });
    const miss = await t.app.inject({ method: 'GET', url: '/lean-shop', headers: { 'accept-encoding': 'gzip' } });
    const hit = await t.app.inject({ method: 'GET', url: '/lean-shop', headers: { 'accept-encoding': 'gzip' } });
    const common = [...PAGE_HEADERS, 'content-encoding', 'date', 'connection', 'etag', 'cache-tag', 'surrogate-key'];
    expect(names(miss.headers)).toEqual([...common, 'x-storefront-cache'].sort());
    expect(names(hit.headers)).toEqual([...common].sort());
    expect(hit.headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(hit.headers['strict-transport-security'], 'no HSTS over plain http').toBeUndefined();
  });

  it('uses the CSP helmet sends on the rest of the app, plus the lesson players a course page previews', async () => {
    await seedStorefront(t.db, { slug: 'csp-shop' });
    const page = await t.app.inject({ method: 'GET', url: '/csp-shop' });
    const spa = await t.app.inject({ method: 'GET', url: '/' });
    expect(spa.headers['x-frame-options'], 'the SPA still gets helmet').toBe('SAMEORIGIN');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toBe(cspHeaderValue(storefrontCspDirectives(false)));
    // Every directive of the SPA's policy holds as it is, but the two a free preview needs.
    const directives = (policy: string) => new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values.join(' ')]));
    const storefront = directives(csp);
    const app = directives(String(spa.headers['content-security-policy']));
    for (const [name, value] of app) if (name !== 'frame-src' && name !== 'media-src') expect([name, storefront.get(name)]).toEqual([name, value]);
    expect(storefront.get('frame-src')).toBe(LESSON_FRAME_SOURCES.join(' '));
    expect(storefront.get('media-src')).toBe("'self' blob:");
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'", "script-src 'self'"]) expect(csp).toContain(directive);
  });

  it('pages are no CORS resources, even for an allowed Origin; the JSON read still is', async () => {
    await seedStorefront(t.db, { slug: 'cors-shop' });
    const origin = { origin: TEST_ALLOWED_ORIGIN };
    const page = await t.app.inject({ method: 'GET', url: '/cors-shop', headers: origin });
    expect(page.statusCode).toBe(200);
    expect(Object.keys(page.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(page.headers.vary).toBe('Accept-Encoding');

    const json = await t.app.inject({ method: 'GET', url: '/api/storefront?slug=cors-shop', headers: origin });
    expect(json.statusCode).toBe(200);
    expect(json.headers['access-control-allow-origin']).toBe(TEST_ALLOWED_ORIGIN);
    expect(json.headers.vary).toBe('Origin, Accept-Encoding');
    const foreign = await t.app.inject({ method: 'GET', url: '/api/storefront?slug=cors-shop', headers: { origin: 'https://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('previews and not-found pages get the same set with their own Cache-Control', async () => {
    await seedStorefront(t.db, { slug: 'draft-shop' });
    const preview = await t.app.inject({ method: 'GET', url: '/draft-shop?preview=true' });
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(names(preview.headers)).toEqual([...PAGE_HEADERS, 'date', 'connection'].sort());
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-shop-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(names(missing.headers)).toEqual([...PAGE_HEADERS, 'date', 'connection'].sort());
  });

  it('adds HSTS and upgrade-insecure-requests when served over https', async () => {
    await seedStorefront(https.db, { slug: 'secure-shop' });
    const page = await https.app.inject({ method: 'GET', url: '/secure-shop' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
