import { DEFAULT_CTA, MESSAGES, PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stores } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createProductAs, sampleFields } from '#src/testing/products.ts';
import { tickingClock } from '#src/testing/clock.ts';
import { callFunction, errorOf, seen } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';

describe('createProduct', () => {
  let t: TestApp;
  let ivy: TestCreator;
  let stranger: TestCreator;
  let storeId: string;
  let strangerStore: string;

  beforeAll(async () => {
    t = await createTestApp({ now: tickingClock() });
    ivy = await signedInCreator(t);
    stranger = await signedInCreator(t);
    storeId = (await createStoreAs(t, ivy, 'ivy-products')).id;
    strangerStore = (await createStoreAs(t, stranger, 'other-products')).id;
  });
  afterAll(() => t?.close());

  const create = (fields: Record<string, unknown>, who = ivy, store = storeId) => callFunction(t.app, 'createProduct', { storeId: store, ...fields }, { as: who });
  const refusal = async (fields: Record<string, unknown>) => {
    const response = await create(sampleFields(fields as never));
    const { message, details } = errorOf(response);
    return { status: response.statusCode, message, details };
  };

  it('creates a draft digital download with the defaults filled in, in the store currency', async () => {
    await t.db.update(stores).set({ currency: 'EUR' }).where(eq(stores.id, storeId));
    const product = await createProductAs(t, ivy, storeId, { title: 'Café Zine #2!' });
    expect(product).toMatchObject({
      storeId,
      slug: 'cafe-zine-2',
      type: 'digital',
      title: 'Café Zine #2!',
      subtitle: '',
      descriptionHtml: '',
      coverImageUrl: null,
      priceMode: 'fixed',
      priceCents: 1500,
      minPriceCents: 0,
      compareAtCents: null,
      currency: 'EUR',
      ctaLabel: DEFAULT_CTA.digital,
      externalUrl: null,
      status: 'draft',
      files: [],
      salesCount: 0,
    });
    expect(product.id).toMatch(/^prd_/);
    const got = await callFunction(t.app, 'getProduct', { storeId, productId: product.id }, { as: ivy });
    expect(got.json().result).toEqual(product);
    await t.db.update(stores).set({ currency: 'USD' }).where(eq(stores.id, storeId));
  });

  it('derives distinct slugs from equal titles, and refuses a slug given explicitly that is taken', async () => {
    const first = await createProductAs(t, ivy, storeId, { title: 'Twin Poster' });
    const second = await createProductAs(t, ivy, storeId, { title: 'Twin  Poster' });
    const third = await createProductAs(t, ivy, storeId, { title: 'twin poster' });
    expect([first.slug, second.slug, third.slug]).toEqual(['twin-poster', 'twin-poster-2', 'twin-poster-3']);
    expect(await refusal({ title: 'Other', slug: 'twin-poster' })).toMatchObject({
      status: 409,
      message: PRODUCT_MESSAGES.slugTaken,
    });
    // Another store may use the same slug.
    const elsewhere = await createProductAs(t, stranger, strangerStore, { title: 'Twin Poster' });
    expect(elsewhere.slug).toBe('twin-poster');
    const explicit = await createProductAs(t, ivy, storeId, { title: 'Whatever', slug: 'My-Own-Url' });
    expect(explicit.slug).toBe('my-own-url');
  });

  it('gives concurrent creations with one title distinct slugs (the store row serialises them)', async () => {
    const responses = await Promise.all([1, 2, 3, 4].map(() => create(sampleFields({ title: 'Rush Drop' }))));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const slugs = responses.map((response) => response.json().result.slug as string).sort();
    expect(slugs).toEqual(['rush-drop', 'rush-drop-2', 'rush-drop-3', 'rush-drop-4']);
  });

  it('cuts derived slugs at 60 characters and falls back when a title has no letters', async () => {
    const long = await createProductAs(t, ivy, storeId, { title: `${'a'.repeat(59)} bcd` });
    expect(long.slug).toBe('a'.repeat(59));
    const again = await createProductAs(t, ivy, storeId, { title: `${'a'.repeat(59)} bcd` });
    expect(again.slug).toBe(`${'a'.repeat(58)}-2`);
    expect((await createProductAs(t, ivy, storeId, { title: '🎨🎨' })).slug).toBe('product');
  });

  it('accepts a 100-character title and refuses 101', async () => {
    expect((await create(sampleFields({ title: 't'.repeat(PRODUCT_LIMITS.titleMax) }))).statusCode).toBe(200);
    expect(await refusal({ title: 't'.repeat(PRODUCT_LIMITS.titleMax + 1) })).toMatchObject({
      status: 400,
      message: PRODUCT_MESSAGES.titleTooLong,
    });
  });

  it('accepts a fixed price of 50 cents and refuses 49, with the field named', async () => {
    expect((await create(sampleFields({ priceCents: PRODUCT_LIMITS.minPriceCents }))).statusCode).toBe(200);
    expect(await refusal({ priceCents: PRODUCT_LIMITS.minPriceCents - 1 })).toEqual({
      status: 400,
      message: PRODUCT_MESSAGES.priceTooLow,
      details: { formErrors: [], fieldErrors: { priceCents: [PRODUCT_MESSAGES.priceTooLow] } },
    });
  });

  it.each([
    ['a compare-at price not above the price', { compareAtCents: 1500 }, PRODUCT_MESSAGES.compareAtTooLow],
    ['a suggested price below the minimum', { priceMode: 'pay-what-you-want', priceCents: 500, minPriceCents: 800 }, PRODUCT_MESSAGES.minAboveSuggested],
    ['a link product without its link', { type: 'link', priceMode: 'free' }, PRODUCT_MESSAGES.linkRequired],
  ])('refuses %s', async (_case, fields, message) => {
    expect(await refusal(fields)).toMatchObject({ status: 400, message });
  });

  it('makes lead magnets free and drops the prices of free products', async () => {
    const magnet = await createProductAs(t, ivy, storeId, { type: 'lead-magnet', priceMode: 'fixed', priceCents: 900, compareAtCents: 2000 });
    expect(magnet).toMatchObject({ priceMode: 'free', priceCents: 0, compareAtCents: null, ctaLabel: DEFAULT_CTA['lead-magnet'] });
    const link = await createProductAs(t, ivy, storeId, {
      type: 'link',
      priceMode: 'free',
      externalUrl: 'https://affiliate.example.com/x',
      ctaLabel: 'Shop it',
    });
    expect(link).toMatchObject({ externalUrl: 'https://affiliate.example.com/x', ctaLabel: 'Shop it', priceCents: 0 });
  });

  it('sanitises the description: keeps the allowed tags, strips scripts, handlers, styles and unsafe links', async () => {
    const product = await createProductAs(t, ivy, storeId, {
      descriptionHtml:
        '<h2 style="color:red">Inside</h2><p onclick="x()">A <strong>bold</strong> <em>zine</em> <u>u</u> <s>s</s><br></p>' +
        '<script>alert(1)</script><img src=x onerror="alert(1)"><ul><li>one</li></ul><ol><li>two</li></ol>' +
        '<blockquote>q</blockquote><pre><code>c</code></pre><h3>h</h3><h1>big</h1><iframe src="https://e.example"></iframe>' +
        '<a href="javascript:alert(1)">bad</a><a href="https://ivy.example.com" target="_self" rel="opener" class="x">ok</a>' +
        '<a href="mailto:ivy@example.com">mail</a>',
    });
    expect(product.descriptionHtml).toBe(
      '<h2>Inside</h2><p>A <strong>bold</strong> <em>zine</em> <u>u</u> <s>s</s><br /></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol>' +
        '<blockquote>q</blockquote><pre><code>c</code></pre><h3>h</h3>big' +
        '<a rel="noopener noreferrer nofollow" target="_blank">bad</a>' +
        '<a href="https://ivy.example.com" rel="noopener noreferrer nofollow" target="_blank">ok</a>' +
        '<a href="mailto:ivy@example.com" rel="noopener noreferrer nofollow" target="_blank">mail</a>',
    );
  });

  it('counts the description limit after sanitising', async () => {
    const max = PRODUCT_LIMITS.descriptionMax;
    // 2 × the limit of raw HTML that sanitises down to exactly the limit is fine…
    const padded = `${'<span>'.repeat(1000)}${'x'.repeat(max)}`;
    expect((await create(sampleFields({ descriptionHtml: padded }))).statusCode).toBe(200);
    // …one character more is not.
    expect(await refusal({ descriptionHtml: 'x'.repeat(max + 1) })).toMatchObject({ status: 400, message: PRODUCT_MESSAGES.descriptionTooLong });
  });

  it('refuses to publish a download (digital or lead magnet) that has no file yet, and creates nothing', async () => {
    const before = (await t.db.select().from(products).where(eq(products.storeId, storeId))).length;
    expect(await refusal({ status: 'published' })).toMatchObject({ status: 400, message: PRODUCT_MESSAGES.publishNeedsFile });
    expect(await refusal({ type: 'lead-magnet', priceMode: 'free', status: 'published' })).toMatchObject({
      status: 400,
      message: PRODUCT_MESSAGES.publishNeedsFile,
    });
    expect((await t.db.select().from(products).where(eq(products.storeId, storeId))).length).toBe(before);
  });

  it('publishes a link with its URL at once and refuses one without', async () => {
    const link = await createProductAs(t, ivy, storeId, { type: 'link', priceMode: 'free', externalUrl: 'https://example.com/kit', status: 'published' });
    expect(link.status).toBe('published');
    expect(await refusal({ type: 'link', priceMode: 'free', status: 'published' })).toMatchObject({ status: 400, message: PRODUCT_MESSAGES.linkRequired });
  });

  it('bumps the store version (storefront caches drop)', async () => {
    const before = (await t.db.select({ version: stores.version }).from(stores).where(eq(stores.id, storeId)))[0]!.version;
    await createProductAs(t, ivy, storeId);
    const after = (await t.db.select({ version: stores.version }).from(stores).where(eq(stores.id, storeId)))[0]!.version;
    expect(after).toBeGreaterThan(before);
  });

  it('answers a foreign store exactly like a missing one, and refuses anonymous callers and unknown fields', async () => {
    const foreign = await create(sampleFields(), ivy, strangerStore);
    const missing = await create(sampleFields(), ivy, 'store_doesnotexist00000000');
    expect(foreign.statusCode).toBe(404);
    expect(seen(foreign)).toEqual(seen(missing));
    expect(errorOf(foreign).message).toBe(MESSAGES.stores.notFound);
    expect((await callFunction(t.app, 'createProduct', { storeId, ...sampleFields() })).statusCode).toBe(401);
    expect((await create({ ...sampleFields(), currency: 'JPY' })).statusCode).toBe(400);
    expect((await create({ ...sampleFields(), status: 'archived' })).statusCode).toBe(400);
  });

  it(`allows ${PRODUCT_LIMITS.productsPerStore} live products per store, not one more; archived ones do not count`, async () => {
    const bulk = await signedInCreator(t);
    const store = (await createStoreAs(t, bulk, 'bulk-full')).id;
    // Named columns, so a new column with a default does not break the bulk insert.
    await t.db.execute(
      sql`insert into products (id, store_id, slug, type, title, subtitle, description_html, price_mode, price_cents, min_price_cents, currency, cta_label, external_url, status)
        select 'prd_bulk_' || n, ${store}, 'bulk-' || n, 'link', 'Bulk ' || n, '', '', 'free', 0, 0, 'USD', 'Visit', 'https://example.com', 'draft'
        from generate_series(1, ${PRODUCT_LIMITS.productsPerStore - 1}) as n`,
    );
    expect((await create(sampleFields(), bulk, store)).statusCode).toBe(200);
    const over = await create(sampleFields(), bulk, store);
    expect([over.statusCode, errorOf(over).message]).toEqual([400, PRODUCT_MESSAGES.tooManyProducts]);
    await t.db.update(products).set({ status: 'archived' }).where(eq(products.id, 'prd_bulk_1'));
    expect((await create(sampleFields(), bulk, store)).statusCode).toBe(200);
  });
});
