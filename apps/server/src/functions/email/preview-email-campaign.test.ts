import { MESSAGES, PRODUCT_MESSAGES, type EmailBlock } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEmailSettings, type ProductRow } from '#src/db/schema/index.ts';
import { loadCampaignProducts } from '#src/domain/email/render/load-campaign-products.ts';
import { PREVIEW_ADDRESS_PLACEHOLDER } from '#src/domain/email/render/preview-campaign-email.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { seedProduct } from '#src/testing/seed-products.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';

describe('previewEmailCampaign', () => {
  let t: TestApp;
  let creator: TestCreator;
  let mallory: TestCreator;
  let store: { id: string; slug: string };
  let malloryStore: { id: string; slug: string };
  let zine: ProductRow;
  let malloryProduct: ProductRow;
  let archived: ProductRow;

  const fields = (body: EmailBlock[]) => ({ subject: 'Spring drop', previewText: 'New prints inside', body, segmentId: null });
  const card = (productId: string): EmailBlock => ({ id: 'card', type: 'product', productId });
  const preview = (body: EmailBlock[], as: TestCreator = creator, storeId = store.id) =>
    callFunction(t.app, 'previewEmailCampaign', { storeId, fields: fields(body) }, { as });

  beforeAll(async () => {
    t = await createTestApp();
    creator = await signedInCreator(t);
    mallory = await signedInCreator(t);
    store = await createStoreAs(t, creator, 'preview-shop');
    malloryStore = await createStoreAs(t, mallory, 'mallory-preview');
    zine = await seedProduct(t.db, store.id, { slug: 'zine', title: 'Risograph Zine', priceCents: 1250, currency: 'USD', coverImageUrl: `/files/${store.id}/zine.png` });
    archived = await seedProduct(t.db, store.id, { slug: 'old-zine', title: 'Old Zine', status: 'archived', archivedAt: new Date() });
    malloryProduct = await seedProduct(t.db, malloryStore.id, { slug: 'secret', title: 'Mallory Secret' });
  });
  afterAll(() => t?.close());

  it('answers the email as a recipient would see it: product card, footer, a harmless unsubscribe link, no tracking', async () => {
    await t.db.insert(storeEmailSettings).values({ storeId: store.id, postalAddress: '12 Harbour Lane\nBristol', trackingEnabled: true });
    const reply = await preview([{ id: 'h', type: 'heading', text: 'Hello' }, card(zine.id), { id: 'b', type: 'button', label: 'Shop', href: 'https://example.com/shop' }]);
    expect(reply.statusCode).toBe(200);
    const { subject, html, text } = reply.json().result as { subject: string; html: string; text: string };
    expect(subject).toBe('Spring drop');
    expect(html).toContain('New prints inside');
    expect(html).toContain('Risograph Zine</a>');
    expect(html).toContain('>$12.50</p>');
    expect(html).toContain(`src="${TEST_PUBLIC_URL}/files/${store.id}/zine.png"`);
    expect(html).toContain(`href="${TEST_PUBLIC_URL}/preview-shop/p/zine"`);
    expect(html).toContain('href="https://example.com/shop"');
    expect(html).toContain('12 Harbour Lane<br/>Bristol');
    expect(html).toMatch(/<a href="#"[^>]*>Unsubscribe<\/a>/);
    expect(html).not.toMatch(/width="1" height="1"|\/e\/[co]\//);
    expect(text).toContain(`View ${TEST_PUBLIC_URL}/preview-shop/p/zine`);
    expect(text).toContain('Unsubscribe #');
  });

  it('shows where the postal address goes when the creator has not added one yet', async () => {
    const newcomer = await signedInCreator(t);
    const other = await createStoreAs(t, newcomer, 'preview-no-address');
    const reply = await callFunction(t.app, 'previewEmailCampaign', { storeId: other.id, fields: fields([{ id: 'd', type: 'divider' }]) }, { as: newcomer });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().result.html).toContain(`>${PREVIEW_ADDRESS_PLACEHOLDER}</p>`);
    expect(reply.json().result.text).toContain(PREVIEW_ADDRESS_PLACEHOLDER);
  });

  it("refuses another creator's store exactly like a store that does not exist", async () => {
    const foreign = await preview([{ id: 'd', type: 'divider' }], mallory, store.id);
    const missing = await preview([{ id: 'd', type: 'divider' }], mallory, 'store_00000000000000000000');
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual({ status: 'NOT_FOUND', message: MESSAGES.stores.notFound });
    expect(missing.statusCode).toBe(foreign.statusCode);
    expect(errorOf(missing)).toEqual(errorOf(foreign));
  });

  it("refuses a product card of another store exactly like a missing or archived product, and shows nothing of it", async () => {
    const foreign = await preview([card(malloryProduct.id)]);
    const missing = await preview([card('prd_00000000000000000000')]);
    const gone = await preview([card(archived.id)]);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual({ status: 'NOT_FOUND', message: PRODUCT_MESSAGES.productNotFound });
    for (const other of [missing, gone]) {
      expect(other.statusCode).toBe(foreign.statusCode);
      expect(errorOf(other)).toEqual(errorOf(foreign));
    }
    expect(foreign.body).not.toContain('Mallory Secret');
  });

  it('refuses a signed-out caller', async () => {
    const reply = await callFunction(t.app, 'previewEmailCampaign', { storeId: store.id, fields: fields([]) });
    expect(reply.statusCode).toBe(401);
  });
});

describe('loadCampaignProducts', () => {
  let t: TestApp;
  let storeId: string;
  let otherStoreId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const creator = await signedInCreator(t);
    storeId = (await createStoreAs(t, creator, 'cards-shop')).id;
    otherStoreId = (await createStoreAs(t, await signedInCreator(t), 'cards-other')).id;
  });
  afterAll(() => t?.close());

  it("labels prices like the storefront, keeps drafts marked unpublished, and leaves out archived and other stores' products", async () => {
    const seed = (slug: string, extra: Parameters<typeof seedProduct>[2] extends infer O ? Partial<O> : never) =>
      seedProduct(t.db, storeId, { slug, currency: 'USD', ...extra });
    const fixed = await seed('fixed', { priceCents: 2400 });
    const free = await seed('free', { priceMode: 'free', priceCents: 0 });
    const pwyw = await seed('pwyw', { priceMode: 'pay-what-you-want', minPriceCents: 500 });
    const pwywAny = await seed('pwyw-any', { priceMode: 'pay-what-you-want', minPriceCents: 0 });
    const link = await seed('link', { type: 'link', externalUrl: 'https://elsewhere.example/thing' });
    const draft = await seed('draft', { status: 'draft', coverImageUrl: 'https://cdn.example/c.png' });
    const gone = await seed('gone', { status: 'archived', archivedAt: new Date() });
    const foreign = await seedProduct(t.db, otherStoreId, { slug: 'foreign' });

    const ids = [fixed, free, pwyw, pwywAny, link, draft, gone, foreign].map((p) => p.id);
    const found = await loadCampaignProducts(t.db, storeId, [...ids, fixed.id], { publicUrl: TEST_PUBLIC_URL });
    expect([...found.keys()].sort()).toEqual([fixed, free, pwyw, pwywAny, link, draft].map((p) => p.id).sort());
    expect(found.get(fixed.id)).toEqual({ title: 'fixed', priceLabel: '$24', imageUrl: null, url: `${TEST_PUBLIC_URL}/cards-shop/p/fixed`, published: true });
    expect(found.get(free.id)?.priceLabel).toBe('Free');
    expect(found.get(pwyw.id)?.priceLabel).toBe('From $5');
    expect(found.get(pwywAny.id)?.priceLabel).toBe('Pay what you want');
    expect(found.get(link.id)).toMatchObject({ priceLabel: null, url: 'https://elsewhere.example/thing' });
    expect(found.get(draft.id)).toMatchObject({ published: false, imageUrl: 'https://cdn.example/c.png' });
    expect(await loadCampaignProducts(t.db, storeId, [], { publicUrl: TEST_PUBLIC_URL })).toEqual(new Map());
  });
});
