import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_CONFIG_ELEMENT_ID, ClientConfigSchema } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { cspDirectives, cspHeaderValue } from '#src/http/security-headers.ts';
import { TEST_PUBLIC_URL, testEnv } from '#src/testing/test-env.ts';
import { renderConfigElement } from './web-app.ts';

const INDEX_HTML = `<!doctype html><html><head><title>Shopfront</title><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>`;

function readConfig(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1] ?? '') : null;
}

describe('serving the built web app', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'shopfront-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'assets', 'app-3f9a1c.js'), 'console.log("app");');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({
      webDistDir: dist,
      env: testEnv({ BIO_DOMAIN: 'bio.example.com', PRODUCT_HOSTS: 'shop.example.com,localhost' }),
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/dashboard/products', '/members/login', '/index.html'])(
    'answers GET %s with index.html and the client config',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root"></div>');
      expect(ClientConfigSchema.parse(readConfig(response.body))).toEqual({
        productHosts: ['shop.example.com', 'localhost'],
        environment: 'test',
        publicUrl: TEST_PUBLIC_URL,
        bioDomain: 'bio.example.com',
      });
    },
  );

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("app");');
  });

  it('serves other files with revalidation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it.each(['/api/nope', '/files/store_x/missing.png', '/auth/nope', '/fn'])(
    'answers the unknown machine path %s with a JSON 404, not the page',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.status).toBe('NOT_FOUND');
    },
  );

  it('answers an unknown page path with the page (404: no store has that slug)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/apinot-an-api-path' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers a missing asset with 404, not the page (a stale chunk must fail)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-old123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('sends the security headers with the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // Legacy headers are left out: they cost bytes on every storefront hit and no browser acts on them.
    for (const legacy of ['x-xss-protection', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-dns-prefetch-control']) {
      expect(response.headers[legacy]).toBeUndefined();
    }
  });
});

describe('the dashboard CSP', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'shopfront-web-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    t = await createTestApp({ webDistDir: dist, env: testEnv({ PRODUCT_HOSTS: 'shop.example.com,localhost' }) });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const frameSrc = (csp: unknown) => String(csp).split(';').filter((directive) => directive.startsWith('frame-src'));

  it.each(['/dashboard/website-builder/page/home', '/dashboard', '/login'])(
    'lets %s frame exactly the privacy-enhanced video players, and keeps the rest of the CSP',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(frameSrc(csp)).toEqual(['frame-src https://www.youtube-nocookie.com https://player.vimeo.com']);
      expect(csp.replace(/;frame-src [^;]*/, '')).toBe(cspHeaderValue(cspDirectives(false)));
    },
  );

  it.each(['/some-shop/members/login', '/some-shop/members/courses/prd_x'])('lets %s frame a lesson\'s players and play media from blob: URLs (hls.js), and keeps the rest', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    const csp = String(response.headers['content-security-policy']);
    expect(frameSrc(csp)).toEqual(['frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://www.loom.com']);
    expect(csp.split(';').filter((directive) => directive.startsWith('media-src'))).toEqual(["media-src 'self' blob:"]);
    expect(csp.replace(/;frame-src [^;]*/, '').replace(/;media-src [^;]*/, '')).toBe(cspHeaderValue(cspDirectives(false)));
  });

  it.each(['/'])('gives %s (neither the dashboard nor the members area) no frame-src: frames fall back to self', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(frameSrc(response.headers['content-security-policy'])).toEqual([]);
    expect(response.headers['content-security-policy']).toBe(cspHeaderValue(cspDirectives(false)));
  });
});

describe('the prerendered landing page', () => {
  const LANDING_HTML = INDEX_HTML.replace('<div id="root"></div>', '<div id="root" data-prerendered="landing"><h1>Your store, your products</h1></div>');
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'shopfront-web-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'landing.html'), LANDING_HTML);
    t = await createTestApp({
      webDistDir: dist,
      env: testEnv({ BIO_DOMAIN: 'bio.example.com', PRODUCT_HOSTS: 'shop.example.com,localhost' }),
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/?ref=ig'])('answers GET %s on a product host with landing.html and the client config', async (url) => {
    for (const host of ['localhost', 'shop.example.com']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<h1>Your store, your products</h1>');
      expect(readConfig(response.body)).toMatchObject({ productHosts: ['shop.example.com', 'localhost'] });
    }
  });

  it.each(['/login', '/dashboard', '/cozy/members/login', '/landing.html'])('answers GET %s with the plain SPA page', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('Your store, your products');
  });

  it('answers / on a store domain without the landing page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'cozy.bio.example.com' } });
    expect(response.body).not.toContain('Your store, your products');
  });
});

describe('security headers over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: testEnv({ PUBLIC_URL: 'https://shop.example.com' }) });
  });
  afterAll(() => t?.close());

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});

describe('before the web app is built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: join(tmpdir(), 'shopfront-no-such-dist') });
  });
  afterAll(() => t?.close());

  it('answers pages with a clear 503 that says how to build it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm run build');
  });

  it('still serves the API', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('renderConfigElement', () => {
  it('escapes < so a value cannot close the script element', () => {
    const element = renderConfigElement({
      productHosts: ['localhost'],
      environment: 'production',
      publicUrl: 'https://x.example.com/</script><script>alert(1)</script>',
      bioDomain: null,
    });
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(readConfig(element)).toMatchObject({ publicUrl: 'https://x.example.com/</script><script>alert(1)</script>' });
  });
});
