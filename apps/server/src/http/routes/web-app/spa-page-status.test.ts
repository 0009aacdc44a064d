import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '#src/testing/call-function.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';

const INDEX_HTML = '<!doctype html><html><head><title>Shopfront</title></head><body><div id="root"></div></body></html>';

/** The SPA page's status: the same page, 404 when its store (or the store's website) does not exist. */
describe('SPA page status for store paths', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'shopfront-spa-status-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    t = await createTestApp({ webDistDir: dist, env: testEnv({ BIO_DOMAIN: 'bio.example.com', PRODUCT_HOSTS: 'shop.example.com,localhost' }) });
    const created = await callFunction(t.app, 'testCreateStoreSimple', {
      slug: 'real-shop',
      name: 'Real Shop',
      customDomain: 'realshop.example',
      bioDomain: 'real.bio.example.com',
    });
    expect(created.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = async (url: string, host = 'shop.example.com') => {
    const response = await t.app.inject({ method: 'GET', url, headers: { host } });
    return { status: response.statusCode, isSpa: response.body.includes('<div id="root"></div>') };
  };

  it.each([
    '/no-such-store/members',
    '/no-such-store/members/login',
    '/no-such-store/website',
    '/no-such-store/website/about',
    '/no-such-store/checkout/success',
    '/no-such-store',
  ])('answers 404 with the SPA page for %s', async (url) => {
    expect(await get(url)).toEqual({ status: 404, isSpa: true });
  });

  it.each(['/real-shop/members', '/real-shop/members/login', '/real-shop/checkout/success?session=x'])(
    'answers 200 for %s of an existing store',
    async (url) => {
      expect(await get(url)).toEqual({ status: 200, isSpa: true });
    },
  );

  it('answers 404 for the website of a store that has no website, 200 for its storefront paths', async () => {
    expect(await get('/real-shop/website')).toEqual({ status: 404, isSpa: true });
    expect(await get('/real-shop/website/anything')).toEqual({ status: 404, isSpa: true });
    expect(await get('/real-shop/members')).toEqual({ status: 200, isSpa: true });
  });

  it('answers 404 on an unknown bio subdomain or custom domain, 200 on known ones', async () => {
    expect(await get('/members', 'nobody.bio.example.com')).toEqual({ status: 404, isSpa: true });
    expect(await get('/members', 'unknown-shop.example')).toEqual({ status: 404, isSpa: true });
    expect(await get('/members', 'real.bio.example.com')).toEqual({ status: 200, isSpa: true });
    expect(await get('/members', 'realshop.example')).toEqual({ status: 200, isSpa: true });
    expect(await get('/members/login', 'www.realshop.example')).toEqual({ status: 200, isSpa: true });
  });

  it.each(['/', '/dashboard/products', '/login', '/website/real-shop'])('keeps 200 for the non-store page %s', async (url) => {
    expect(await get(url)).toEqual({ status: 200, isSpa: true });
  });
});
