import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customDomains } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { seedProduct } from '#src/testing/seed-products.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';

/**
 * Decision 014: until a store has website pages, its verified custom domain shows the storefront,
 * server-rendered like a bio subdomain.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createStorefrontTestApp({ env: testEnv({ BIO_DOMAIN: 'bio.example' }) });
}, 120_000);
afterAll(() => t?.close());

const on = (host: string, url = '/') => t.app.inject({ method: 'GET', url, headers: { host } });
const heading = (html: string) => /<h1 class="sf-name">([^<]*)<\/h1>/.exec(html)?.[1];
const isStorefront = (html: string) => html.includes('data-app-mode="storefront"');

describe('a custom domain shows the storefront', () => {
  it('a two-label domain (website mode) and its www host serve the rendered store with the domain as canonical URL', async () => {
    await seedStorefront(t.db, { slug: 'apex-shop', name: 'Apex Goods', customDomain: 'apexgoods.example' });
    for (const host of ['apexgoods.example', 'www.apexgoods.example']) {
      const page = await on(host);
      expect(page.statusCode, host).toBe(200);
      expect(heading(page.body), host).toBe('Apex Goods');
      expect(page.body).toContain('<link rel="canonical" href="https://apexgoods.example/">');
      // Links stay on the domain: no `/{slug}` prefix.
      expect(page.body).toContain('href="/members/login"');
      expect(page.body).not.toContain('href="/apex-shop');
    }
  });

  it('serves product pages at /p/{product} on the domain, and "Product not found" for others', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'prod-domain', name: 'Prod Domain', customDomain: 'proddomain.example' });
    await seedProduct(t.db, storeId, { slug: 'kiln-notes', title: 'Kiln Notes' });
    const product = await on('proddomain.example', '/p/kiln-notes');
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain('Kiln Notes');
    expect(product.body).toContain('<link rel="canonical" href="https://proddomain.example/p/kiln-notes">');
    const missing = await on('proddomain.example', '/p/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Product not found');
  });

  it('a three-label custom domain that is no bio subdomain is served too', async () => {
    await seedStorefront(t.db, { slug: 'sub-shop', name: 'Sub Shop', customDomain: 'shop.subgoods.example' });
    const page = await on('shop.subgoods.example');
    expect(page.statusCode).toBe(200);
    expect(heading(page.body)).toBe('Sub Shop');
  });

  it('leaves members paths, unverified domains and hosts nobody owns to the web app (404 without a store)', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'pending-shop', name: 'Pending Shop' });
    await t.db.insert(customDomains).values({ domain: 'pending.example', storeId, verifiedAt: null });
    for (const [host, path, status] of [
      ['pending.example', '/', 404],
      ['nobody-owns.example', '/', 404],
      ['apexgoods.example', '/members/login', 200],
    ] as const) {
      const page = await on(host, path);
      expect(page.statusCode, `${host}${path}`).toBe(status);
      expect(isStorefront(page.body), `${host}${path}`).toBe(false);
      expect(page.body).not.toContain('Pending Shop');
    }
  });

  it('stops serving the store once the domain is removed', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'gone-shop', name: 'Gone Shop', customDomain: 'goneshop.example' });
    expect(heading((await on('goneshop.example')).body)).toBe('Gone Shop');
    await t.db.delete(customDomains).where(eq(customDomains.domain, 'goneshop.example'));
    await notifyStorefrontChanged(t.db, storeId);
    await expect.poll(async () => isStorefront((await on('goneshop.example')).body), { timeout: 5_000 }).toBe(false);
  });
});
