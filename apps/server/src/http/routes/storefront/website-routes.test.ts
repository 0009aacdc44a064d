import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, websitePages } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { cookieHeader } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { setFlag } from '#src/testing/stores.ts';
import { seedProduct } from '#src/testing/seed-products.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { hero, pageContent, seedWebsitePage } from '#src/testing/website-pages.ts';

let t: TestApp;
let owner: TestCreator;
let stranger: TestCreator;
let storeId: string;

beforeAll(async () => {
  t = await createStorefrontTestApp();
  owner = await signedInCreator(t);
  stranger = await signedInCreator(t);
  ({ storeId } = await seedStorefront(t.db, { slug: 'mug-site', name: 'Mug <Site>', creatorId: owner.userId, theme: 'neon-pulse' }));
  const product = await seedProduct(t.db, storeId, { slug: 'glaze-guide', title: 'Glaze Guide', priceCents: 2400 });
  await seedWebsitePage(t.db, storeId, {
    slug: 'home',
    title: 'Home',
    seoDescription: 'Hand-thrown mugs & more',
    seoImageSrc: '/files/s/social.webp',
    published: pageContent(hero('Slow mornings'), { type: 'ProductGrid', props: { id: 'Grid-1', heading: 'Shop the kiln', productIds: [product.id], columns: 2 } }),
  });
  await seedWebsitePage(t.db, storeId, { slug: 'about', title: 'About us', position: 1, published: pageContent(hero('Our studio')), draft: pageContent(hero('Our new studio')) });
  await seedWebsitePage(t.db, storeId, { slug: 'secret', title: 'Secret', position: 2, published: null, draft: pageContent(hero('Unreleased plans')) });
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('/{slug}/website', () => {
  it('serves the published home page server-rendered in the store theme, with no script', async () => {
    const page = await get('/mug-site/website');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=5');
    expect(page.body).toContain('data-app-mode="website"');
    expect(page.body).toContain('data-theme="neon-pulse"');
    expect(page.body).toContain('<h1 class="ws-hero-heading">Slow mornings</h1>');
    expect(page.body).not.toMatch(/<script/i);
    // Its stylesheet is inline: the first paint needs only the document.
    expect(page.body).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(page.body.slice(0, page.body.indexOf('</head>'))).toMatch(/<style>[^<]*\.ws-hero-heading\{[^<]*\.sf-root\[data-theme=neon-pulse\]/);
    // Products with their storefront prices, bought on the storefront.
    expect(page.body).toContain('<span class="ws-price">$24</span>');
    expect(page.body).toContain('href="/mug-site/p/glaze-guide"');
    // Navigation: published pages only, in order, then the storefront.
    expect(page.body).toContain('<a href="/mug-site/website" aria-current="page">Home</a>');
    expect(page.body).toContain('<a href="/mug-site/website/about">About us</a>');
    expect(page.body).toContain('<a href="/mug-site">Shop</a>');
    expect(page.body).not.toContain('Secret');
  });

  it('writes title, description, canonical and Open Graph tags, escaped', async () => {
    const { body } = await get('/mug-site/website/about');
    expect(body).toContain('<title>About us · Mug &#60;Site&#62;</title>');
    expect(body).toContain('<link rel="canonical" href="http://localhost:3000/mug-site/website/about">');
    const home = (await get('/mug-site/website')).body;
    expect(home).toContain('<title>Mug &#60;Site&#62;</title>');
    expect(home).toContain('<meta name="description" content="Hand-thrown mugs &#38; more">');
    expect(home).toContain('<meta property="og:image" content="http://localhost:3000/files/s/social.webp">');
    expect(home).toContain('<meta property="og:url" content="http://localhost:3000/mug-site/website">');
  });

  it('answers a repeat visit with 304 and lets only the video players be framed', async () => {
    const first = await get('/mug-site/website/about');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
    const again = await get('/mug-site/website/about', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers an unknown page with a 404 in the site theme, with its navigation', async () => {
    for (const url of ['/mug-site/website/nope', '/mug-site/website/about/deeper']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['cache-control'], url).toBe('no-store');
      expect(page.body).toContain('data-theme="neon-pulse"');
      expect(page.body).toContain('Page not found');
      expect(page.body).toContain('<a href="/mug-site/website/about">About us</a>');
    }
  });

  it('never shows a visitor a page without published content, nor a draft', async () => {
    const secret = await get('/mug-site/website/secret');
    expect(secret.statusCode).toBe(404);
    expect(secret.body).not.toContain('Unreleased plans');
    const about = await get('/mug-site/website/about');
    expect(about.body).toContain('Our studio');
    expect(about.body).not.toContain('Our new studio');
  });

  it('says Website Not Found with the slug for a store without a website, and for no store', async () => {
    await seedStorefront(t.db, { slug: 'no-site' });
    for (const [url, slug] of [['/no-site/website', 'no-site'], ['/nobody-here/website/about', 'nobody-here']]) {
      const page = await get(url!);
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('Website Not Found');
      expect(page.body).toContain(`<code>${slug}</code>`);
    }
  });

  it('serves the site’s sitemap.xml with the published pages’ canonical URLs', async () => {
    const sitemap = await get('/mug-site/website/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/mug-site/website</loc>');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/mug-site/website/about</loc>');
    expect(sitemap.body).not.toContain('secret');
  });
});

describe('with the websiteBuilder flag off (decision 028: it switches off building, not live sites)', () => {
  it('keeps serving published pages, on the store path and the custom domain, with their sitemap', async () => {
    const { storeId: id } = await seedStorefront(t.db, { slug: 'flag-site', customDomain: 'flagsite.example' });
    await seedWebsitePage(t.db, id, { slug: 'home', published: pageContent(hero('Still live')) });
    await seedWebsitePage(t.db, id, { slug: 'plans', title: 'Plans', position: 1, published: null, draft: pageContent(hero('Not yet')) });
    await setFlag(t, 'websiteBuilder', false);

    const home = await get('/flag-site/website');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Still live');
    const domain = await get('/', { host: 'flagsite.example' });
    expect(domain.statusCode).toBe(200);
    expect(domain.body).toContain('data-app-mode="website"');
    expect(domain.body).toContain('Still live');
    const sitemap = await get('/flag-site/website/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<loc>https://flagsite.example/</loc>');
  });

  it('still never shows a visitor an unpublished page', async () => {
    await setFlag(t, 'websiteBuilder', false);
    const plans = await get('/flag-site/website/plans');
    expect(plans.statusCode).toBe(404);
    expect(plans.body).not.toContain('Not yet');
  });
});

describe('an offline store', () => {
  it('answers its website with the offline page (503), never the content', async () => {
    const { storeId: id } = await seedStorefront(t.db, { slug: 'off-site' });
    await seedWebsitePage(t.db, id, { slug: 'home', published: pageContent(hero('Hidden while offline')) });
    await t.db.update(stores).set({ offlineReason: 'abuse' }).where(eq(stores.id, id));
    const page = await get('/off-site/website');
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('This store is offline');
    expect(page.body).not.toContain('Hidden while offline');
    expect(page.body).not.toContain('abuse');
  });
});

describe('?preview=true', () => {
  it('shows the owner the draft, privately, under a banner', async () => {
    const page = await get('/mug-site/website/about?preview=true', cookieHeader(owner.token));
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.etag).toBeUndefined();
    expect(page.body).toContain('Our new studio');
    expect(page.body).toContain('Preview of your unpublished changes');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    const secret = await get('/mug-site/website/secret?preview=true', cookieHeader(owner.token));
    expect(secret.statusCode).toBe(200);
    expect(secret.body).toContain('Unreleased plans');
  });

  it('shows anyone else the published page (never the draft), still private', async () => {
    for (const headers of [{}, cookieHeader(stranger.token)]) {
      const page = await get('/mug-site/website/about?preview=true', headers);
      expect(page.body).toContain('Our studio');
      expect(page.body).not.toContain('Our new studio');
      expect(page.headers['cache-control']).toBe('private, no-store');
      const secret = await get('/mug-site/website/secret?preview=true', headers);
      expect(secret.statusCode).toBe(404);
      expect(secret.body).not.toContain('Unreleased plans');
    }
  });
});

describe('the cache', () => {
  it('keeps a page until storefront_changed names its store, then shows the new content', async () => {
    const { storeId: id } = await seedStorefront(t.db, { slug: 'cache-site' });
    const pageId = await seedWebsitePage(t.db, id, { slug: 'home', published: pageContent(hero('Version one')) });
    expect((await get('/cache-site/website')).headers['x-storefront-cache']).toBe('miss');
    expect((await get('/cache-site/website')).headers['x-storefront-cache']).toBeUndefined();
    await t.db.update(websitePages).set({ publishedContent: pageContent(hero('Version two')) }).where(eq(websitePages.id, pageId));
    expect((await get('/cache-site/website')).body).toContain('Version one');
    await notifyStorefrontChanged(t.db, id);
    await expect.poll(async () => (await get('/cache-site/website')).body, { timeout: 5_000 }).toContain('Version two');
  });

  it('stops serving a page once it is unpublished', async () => {
    const { storeId: id } = await seedStorefront(t.db, { slug: 'gone-site' });
    await seedWebsitePage(t.db, id, { slug: 'home' });
    const pageId = await seedWebsitePage(t.db, id, { slug: 'sale', position: 1, published: pageContent(hero('Big sale')) });
    expect((await get('/gone-site/website/sale')).statusCode).toBe(200);
    await t.db.update(websitePages).set({ publishedContent: null }).where(eq(websitePages.id, pageId));
    await notifyStorefrontChanged(t.db, id);
    await expect.poll(async () => (await get('/gone-site/website/sale')).statusCode, { timeout: 5_000 }).toBe(404);
  });
});

describe('the landing preview /website/{slug}[/{pageSlug}]', () => {
  it('renders the published page with links kept inside the preview and the development banner', async () => {
    const home = await get('/website/mug-site');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Slow mornings');
    expect(home.body).toContain('Website preview on a development host');
    expect(home.body).toContain('<a href="/website/mug-site/about">About us</a>');
    expect(home.body).toContain('<meta name="robots" content="noindex, nofollow">');
    const about = await get('/website/mug-site/about');
    expect(about.body).toContain('Our studio');
  });

  it('shows the owner the draft there with ?preview=true (the editor’s Preview button)', async () => {
    const page = await get('/website/mug-site/about?preview=true', cookieHeader(owner.token));
    expect(page.body).toContain('Our new studio');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect((await get('/website/mug-site/about?preview=true')).body).not.toContain('Our new studio');
  });

  it('says Website Not Found with the slug when there is nothing to show', async () => {
    const page = await get('/website/missing-site');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Website Not Found');
    expect(page.body).toContain('<code>missing-site</code>');
  });
});
