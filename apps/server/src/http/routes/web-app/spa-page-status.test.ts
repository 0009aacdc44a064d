import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_BOOT_ELEMENT_ID } from '@shopfront/core';
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

  /** The store lookups a page carries (STORE_BOOT_ELEMENT_ID), parsed back as the web app does. */
  const bootOf = async (url: string, host = 'shop.example.com') => {
    const body = (await t.app.inject({ method: 'GET', url, headers: { host } })).body;
    const match = new RegExp(`<script type="application/json" id="${STORE_BOOT_ELEMENT_ID}">(.*?)</script>`).exec(body);
    return match ? (JSON.parse(match[1]!) as { key: unknown; answer: unknown }[]) : null;
  };

  it("carries exactly lookupStore's answer for the page's store, so the app need not ask", async () => {
    const lookedUp = await callFunction(t.app, 'lookupStore', { by: 'slug', slug: 'real-shop' });
    expect(await bootOf('/real-shop/members/login')).toEqual([{ key: { by: 'slug', slug: 'real-shop' }, answer: lookedUp.json() }]);
    const onDomain = await callFunction(t.app, 'lookupStore', { by: 'customDomain', domain: 'realshop.example' });
    expect(await bootOf('/members', 'realshop.example')).toEqual([{ key: { by: 'customDomain', domain: 'realshop.example' }, answer: onDomain.json() }]);
    expect(await bootOf('/no-such-store/members')).toEqual([{ key: { by: 'slug', slug: 'no-such-store' }, answer: { result: null } }]);
    expect(await bootOf('/dashboard/products')).toBeNull();
  });

  it("escapes a store name, so it cannot close the element", async () => {
    const created = await callFunction(t.app, 'testCreateStoreSimple', { slug: 'tricky-shop', name: 'Tricky </script><script>alert(1)</script>' });
    expect(created.statusCode).toBe(200);
    const body = (await t.app.inject({ method: 'GET', url: '/tricky-shop/members', headers: { host: 'shop.example.com' } })).body;
    expect(body).not.toContain('</script><script>alert(1)');
    expect((await bootOf('/tricky-shop/members'))?.[0]?.answer).toMatchObject({ result: { name: 'Tricky </script><script>alert(1)</script>' } });
  });
});
