import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { seedProduct } from '#src/testing/seed-products.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { hero, pageContent, seedWebsitePage } from '#src/testing/website-pages.ts';

/** Decision 014 as updated: a verified two-part or www custom domain shows the website when the store has one, the storefront otherwise. */
let t: TestApp;

beforeAll(async () => {
  t = await createStorefrontTestApp();
  const { storeId } = await seedStorefront(t.db, { slug: 'brand-site', name: 'Brand Site', customDomain: 'brandsite.example' });
  const product = await seedProduct(t.db, storeId, { slug: 'kiln-notes', title: 'Kiln Notes' });
  await seedWebsitePage(t.db, storeId, {
    slug: 'home',
    title: 'Home',
    published: pageContent(hero('Brand home'), { type: 'ProductCard', props: { id: 'Card-1', productId: product.id } }),
  });
  await seedWebsitePage(t.db, storeId, { slug: 'about', title: 'About', position: 1, published: pageContent(hero('About the brand')) });
  await seedStorefront(t.db, { slug: 'shop-only', name: 'Shop Only', customDomain: 'shoponly.example' });
}, 120_000);
afterAll(() => t?.close());

const on = (host: string, url = '/') => t.app.inject({ method: 'GET', url, headers: { host } });
const mode = (html: string) => /data-app-mode="(\w+)"/.exec(html)?.[1];

describe('a custom domain with a website', () => {
  it('serves the website at / and /{page}, on the bare and the www host, canonical on the domain', async () => {
    for (const host of ['brandsite.example', 'www.brandsite.example']) {
      const home = await on(host);
      expect(home.statusCode, host).toBe(200);
      expect(mode(home.body), host).toBe('website');
      expect(home.body).toContain('Brand home');
      expect(home.body).toContain('<link rel="canonical" href="https://brandsite.example/">');
      // Links stay on the domain; the storefront's landing is the platform's; products are bought at /p/….
      expect(home.body).toContain('<a href="/about">About</a>');
      expect(home.body).toContain('<a href="http://localhost:3000/brand-site">Shop</a>');
      expect(home.body).toContain('href="/p/kiln-notes"');
      expect(home.body).toContain('href="/members/login"');
      const about = await on(host, '/about');
      expect(about.body).toContain('About the brand');
      expect(about.body).toContain('<link rel="canonical" href="https://brandsite.example/about">');
    }
  });

  it('keeps product pages on the storefront and /members on the members area', async () => {
    const product = await on('brandsite.example', '/p/kiln-notes');
    expect(product.statusCode).toBe(200);
    expect(mode(product.body)).toBe('storefront');
    expect(product.body).toContain('Kiln Notes');
    const members = await on('brandsite.example', '/members/login');
    expect(members.statusCode).toBe(200);
    expect(mode(members.body)).not.toBe('website');
    expect(members.body).not.toContain('Brand home');
  });

  it('answers an unknown page with the themed 404', async () => {
    const page = await on('brandsite.example', '/nope');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Page not found');
    expect(page.body).toContain('<a href="/about">About</a>');
  });

  it('has its own sitemap.xml and robots.txt', async () => {
    const sitemap = await on('brandsite.example', '/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<loc>https://brandsite.example/</loc>');
    expect(sitemap.body).toContain('<loc>https://brandsite.example/about</loc>');
    const robots = await on('www.brandsite.example', '/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Sitemap: https://brandsite.example/sitemap.xml');
    expect(robots.body).toContain('Disallow: /members');
  });
});

describe('a custom domain without a website', () => {
  it('shows the storefront at / and any other path, and has no website robots.txt', async () => {
    for (const url of ['/', '/about']) {
      const page = await on('shoponly.example', url);
      expect(page.statusCode, url).toBe(200);
      expect(mode(page.body), url).toBe('storefront');
      expect(page.body).toContain('<h1 class="sf-name">Shop Only</h1>');
    }
    const robots = await on('shoponly.example', '/robots.txt');
    expect(robots.body).not.toContain('Sitemap:');
  });

  it('switches to the website once a page is published (storefront_changed)', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'soon-site', name: 'Soon Site', customDomain: 'soonsite.example' });
    expect(mode((await on('soonsite.example')).body)).toBe('storefront');
    await seedWebsitePage(t.db, storeId, { slug: 'home', published: pageContent(hero('Now a website')) });
    await notifyStorefrontChanged(t.db, storeId);
    await expect.poll(async () => (await on('soonsite.example')).body, { timeout: 5_000 }).toContain('Now a website');
    expect(mode((await on('soonsite.example')).body)).toBe('website');
  });
});
