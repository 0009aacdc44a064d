import type { StoreProfile, StorefrontData } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/db/schema/index.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { seedProduct, setProductLayout } from '#src/testing/seed-products.ts';
import { inlinedData, seedStorefront } from '#src/testing/seed-storefront.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL, testEnv } from '#src/testing/test-env.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { callFunction, cookieHeader } from '#src/testing/call-function.ts';

/** Products on the storefront landing and their own server-rendered, cached pages. */
let t: TestApp;

beforeAll(async () => {
  t = await createStorefrontTestApp({ env: testEnv({ BIO_DOMAIN: 'bio.example' }) });
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const dataOf = async (url: string, headers: Record<string, string> = {}) => inlinedData((await get(url, headers)).body) as StorefrontData;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

describe('products on the landing', () => {
  it('lists published products in the layout order, then the rest newest first; drafts, archived and hidden never', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'order-shop' });
    const oldest = await seedProduct(t.db, storeId, { slug: 'oldest', createdAt: at(50) });
    const newest = await seedProduct(t.db, storeId, { slug: 'newest', createdAt: at(10) });
    const middle = await seedProduct(t.db, storeId, { slug: 'middle', createdAt: at(30) });
    const pinned = await seedProduct(t.db, storeId, { slug: 'pinned', createdAt: at(40) });
    const hidden = await seedProduct(t.db, storeId, { slug: 'unlisted', title: 'Unlisted Thing', createdAt: at(5) });
    await seedProduct(t.db, storeId, { slug: 'drafty', title: 'Draft Thing', status: 'draft' });
    await seedProduct(t.db, storeId, { slug: 'gone', title: 'Archived Thing', status: 'archived', archivedAt: new Date() });
    await setProductLayout(t.db, storeId, { order: [pinned.id, oldest.id], hidden: [hidden.id] });

    const response = await get('/order-shop');
    expect(response.statusCode).toBe(200);
    const data = inlinedData(response.body) as StorefrontData;
    expect(data.products.map((product) => product.slug)).toEqual(['pinned', 'oldest', 'newest', 'middle']);
    expect(data.products.map((product) => product.id)).toEqual([pinned.id, oldest.id, newest.id, middle.id]);
    for (const title of ['Unlisted Thing', 'Draft Thing', 'Archived Thing']) expect(response.body).not.toContain(title);
    // Without JavaScript the products are in the HTML, linking to their pages.
    expect(response.body).toContain('href="/order-shop/p/pinned"');
  });

  it('maps each product for visitors: link products carry no price, only their URL', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'map-shop' });
    await seedProduct(t.db, storeId, { slug: 'sale', priceCents: 1900, compareAtCents: 2900, subtitle: 'On sale' });
    await seedProduct(t.db, storeId, { slug: 'pwyw', priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 500 });
    await seedProduct(t.db, storeId, { slug: 'freebie', type: 'lead-magnet', priceMode: 'free', priceCents: 0, ctaLabel: 'Get it free' });
    await seedProduct(t.db, storeId, { slug: 'affiliate', type: 'link', priceMode: 'free', priceCents: 0, externalUrl: 'https://example.com/kiln' });

    const bySlug = Object.fromEntries((await dataOf('/map-shop')).products.map((product) => [product.slug, product]));
    expect(bySlug.sale).toMatchObject({ priceMode: 'fixed', priceCents: 1900, compareAtCents: 2900, subtitle: 'On sale', currency: 'usd' });
    expect(bySlug.pwyw).toMatchObject({ priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 500 });
    expect(bySlug.freebie).toMatchObject({ type: 'lead-magnet', priceCents: 0, ctaLabel: 'Get it free' });
    expect(bySlug.affiliate).toMatchObject({ type: 'link', priceCents: null, externalUrl: 'https://example.com/kiln' });
    expect(bySlug.sale).not.toHaveProperty('status');
    expect(bySlug.sale).not.toHaveProperty('descriptionHtml');
  });
});

describe('GET /{slug}/p/{productSlug}: the product page', () => {
  it('renders the product with its description and file count, cached with an ETag', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'page-shop' });
    await seedProduct(t.db, storeId, {
      slug: 'glaze-guide',
      title: 'The Glaze Guide',
      subtitle: 'Forty tested recipes',
      descriptionHtml: '<p>Everything I know about <strong>glazes</strong>.</p>',
      coverImageUrl: '/files/store1/cover.webp',
      files: 3,
    });

    const response = await get('/page-shop/p/glaze-guide');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=5');
    const data = inlinedData(response.body) as StorefrontData;
    expect(data.product).toMatchObject({ slug: 'glaze-guide', title: 'The Glaze Guide', fileCount: 3 });
    expect(data.product?.descriptionHtml).toBe('<p>Everything I know about <strong>glazes</strong>.</p>');
    expect(data.canonicalUrl).toBe(`${TEST_PUBLIC_URL}/page-shop/p/glaze-guide`);
    expect(data.products.map((product) => product.slug)).toEqual(['glaze-guide']);

    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    const revalidated = await get('/page-shop/p/glaze-guide', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const again = await get('/page-shop/p/glaze-guide');
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-storefront-cache'], 'answered from memory: no miss marker').toBeUndefined();
  });

  it('has its own title, description, canonical URL and Open Graph product tags', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'meta-shop', name: 'Meta Mugs' });
    await seedProduct(t.db, storeId, {
      slug: 'mug-guide',
      title: 'Mug <Guide>',
      subtitle: 'How to throw a mug',
      coverImageUrl: '/files/store1/cover.webp',
      priceCents: 1250,
      files: 2,
    });
    const html = (await get('/meta-shop/p/mug-guide')).body;
    expect(html).toContain('<title>Mug &#60;Guide&#62; · Meta Mugs</title>');
    expect(html).toContain('<meta name="description" content="How to throw a mug">');
    expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/meta-shop/p/mug-guide">`);
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain(`<meta property="og:image" content="${TEST_PUBLIC_URL}/files/store1/cover.webp">`);
    expect(html).toContain('<meta property="product:price:amount" content="12.50">');
    expect(html).toContain('<h1 class="sf-pp-title">Mug &lt;Guide&gt;</h1>');
    expect(html).toContain('Includes 2 files');
    // Styled by the document alone, like the landing: its CSS inline, no stylesheet to wait for.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style>[^<]*\.sf-pp-title\{/);
    expect(head).toMatch(/<style>[^<]*\.sf-checkout\{/);
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
  });

  it('keeps a hidden (unlisted) product off the landing but answers its page', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'hidden-shop' });
    const secret = await seedProduct(t.db, storeId, { slug: 'secret', title: 'Secret Mug' });
    await setProductLayout(t.db, storeId, { order: [], hidden: [secret.id] });
    expect((await get('/hidden-shop')).body).not.toContain('Secret Mug');
    const page = await get('/hidden-shop/p/secret');
    expect(page.statusCode).toBe(200);
    expect((inlinedData(page.body) as StorefrontData).product?.title).toBe('Secret Mug');
  });

  it('answers an unknown, draft or archived product with "Product not found" (404) linking back to the store', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'nf-shop', name: 'NF Shop' });
    await seedProduct(t.db, storeId, { slug: 'drafty', status: 'draft' });
    await seedProduct(t.db, storeId, { slug: 'gone', status: 'archived', archivedAt: new Date() });
    for (const slug of ['nothing-here', 'drafty', 'gone']) {
      const response = await get(`/nf-shop/p/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('Product not found');
      expect(response.body).toContain('href="/nf-shop"');
    }
  });

  it('does not show another store’s product under this store', async () => {
    const { storeId: other } = await seedStorefront(t.db, { slug: 'other-shop' });
    await seedProduct(t.db, other, { slug: 'theirs' });
    await seedStorefront(t.db, { slug: 'mine-shop' });
    expect((await get('/mine-shop/p/theirs')).statusCode).toBe(404);
    expect((await get('/api/storefront?slug=mine-shop&product=theirs')).statusCode).toBe(404);
  });

  it('answers a product of an unknown store with Store Not Found', async () => {
    const response = await get('/no-such-shop/p/anything');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>Store Not Found</h1>');
  });

  it('serves /p/{productSlug} on a bio subdomain', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'bio-products', bioDomain: 'mugs.bio.example' });
    await seedProduct(t.db, storeId, { slug: 'bio-guide', title: 'Bio Guide' });
    const response = await get('/p/bio-guide', { host: 'mugs.bio.example' });
    expect(response.statusCode).toBe(200);
    expect((inlinedData(response.body) as StorefrontData).product?.title).toBe('Bio Guide');
    expect((await get('/p/nope', { host: 'mugs.bio.example' })).statusCode).toBe(404);
  });

  it('leaves the checkout thank-you page to the web app', async () => {
    await seedStorefront(t.db, { slug: 'thanks-shop' });
    const response = await get('/thanks-shop/checkout/success?checkout=chk_1');
    expect(response.body).not.toContain('data-app-mode="storefront"');
  });
});

describe('invalidation: product changes reach the cached pages', () => {
  it('keeps the cached landing and product page until storefront_changed names the store', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'notify-shop' });
    const product = await seedProduct(t.db, storeId, { slug: 'changing', title: 'Before' });
    expect((await dataOf('/notify-shop')).products[0]?.title).toBe('Before');
    expect((await dataOf('/notify-shop/p/changing')).product?.title).toBe('Before');

    await t.db.update(products).set({ title: 'After' }).where(eq(products.id, product.id));
    expect((await dataOf('/notify-shop/p/changing')).product?.title).toBe('Before');

    await notifyStorefrontChanged(t.db, storeId);
    await expect.poll(async () => (await dataOf('/notify-shop/p/changing')).product?.title, { timeout: 5_000 }).toBe('After');
    expect((await dataOf('/notify-shop')).products[0]?.title).toBe('After');

    // Unpublishing: after the notification the page is gone and the landing no longer lists it.
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, product.id));
    await notifyStorefrontChanged(t.db, storeId);
    await expect.poll(async () => (await get('/notify-shop/p/changing')).statusCode, { timeout: 5_000 }).toBe(404);
    expect((await dataOf('/notify-shop')).products).toEqual([]);
  });

  it('a product published after a 404 shows at once (404s are not cached)', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'late-shop' });
    expect((await get('/late-shop/p/late')).statusCode).toBe(404);
    await seedProduct(t.db, storeId, { slug: 'late' });
    expect((await get('/late-shop/p/late')).statusCode).toBe(200);
  });
});

describe('GET /api/storefront?…&product=: the product page JSON', () => {
  it('answers the store with the product, by slug and by host, with an ETag; 404 when missing', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'json-products', bioDomain: 'jp.bio.example' });
    await seedProduct(t.db, storeId, { slug: 'guide', descriptionHtml: '<p>Hi</p>', files: 2 });
    const bySlug = await get('/api/storefront?slug=json-products&product=guide');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.headers.etag).toMatch(/^"/);
    const data = bySlug.json() as StorefrontData;
    expect(data.product).toMatchObject({ slug: 'guide', descriptionHtml: '<p>Hi</p>', fileCount: 2 });
    expect((await get('/api/storefront?host=jp.bio.example&product=guide')).json()).toMatchObject({ product: { slug: 'guide' } });
    expect((await get('/api/storefront?slug=json-products')).json()).not.toHaveProperty('product');

    const missing = await get('/api/storefront?slug=json-products&product=nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'Product not found' } });
    expect((await get('/api/storefront?slug=json-products&product=')).statusCode).toBe(400);
  });
});

describe('?preview=true with products', () => {
  it('lays the published products out by the draft for the owner, by the published layout for everyone else', async () => {
    const owner = await signedInCreator(t);
    const stranger = await signedInCreator(t);
    const store = await createStoreAs(t, owner, 'preview-products');
    const first = await seedProduct(t.db, store.id, { slug: 'first', createdAt: at(20) });
    const second = await seedProduct(t.db, store.id, { slug: 'second', createdAt: at(10) });
    await seedProduct(t.db, store.id, { slug: 'unpublished', status: 'draft' });
    const draft = (await callFunction(t.app, 'getStoreDraft', { storeId: store.id }, { as: owner })).json().result as { profile: StoreProfile };
    const profile = { ...draft.profile, productLayout: { order: [first.id], hidden: [second.id] } };
    expect((await callFunction(t.app, 'saveStoreDraft', { storeId: store.id, profile }, { as: owner })).statusCode).toBe(200);
    await callFunction(t.app, 'publishStoreDraft', { storeId: store.id }, { as: owner });
    // Published: the layout above. Next draft: the other order, nothing hidden.
    const next = { ...profile, productLayout: { order: [second.id, first.id], hidden: [] } };
    expect((await callFunction(t.app, 'saveStoreDraft', { storeId: store.id, profile: next }, { as: owner })).statusCode).toBe(200);

    await expect.poll(async () => (await dataOf('/preview-products')).products.map((product) => product.slug)).toEqual(['first']);
    const preview = await dataOf('/preview-products?preview=true', cookieHeader(owner.token));
    expect(preview.isPreview).toBe(true);
    expect(preview.products.map((product) => product.slug)).toEqual(['second', 'first']);
    expect((await dataOf('/preview-products?preview=true', cookieHeader(stranger.token))).products.map((product) => product.slug)).toEqual(['first']);

    const productPreview = await get('/preview-products/p/second?preview=true', cookieHeader(owner.token));
    expect(productPreview.statusCode).toBe(200);
    expect(productPreview.headers['cache-control']).toBe('private, no-store');
    expect((inlinedData(productPreview.body) as StorefrontData).product?.slug).toBe('second');
    expect((await get('/preview-products/p/unpublished?preview=true', cookieHeader(owner.token))).statusCode).toBe(404);
  });
});
