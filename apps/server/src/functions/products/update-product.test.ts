import { DEFAULT_CTA, MESSAGES, PRODUCT_LIMITS, PRODUCT_MESSAGES, type Product } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { createStoreAs, envWithDataDir } from '#src/testing/stores.ts';
import { ARCHIVED_PRODUCT_MESSAGE } from '#src/domain/products/get-owned-product.ts';
import { createProductAs, insertOrder, uploadFile } from '#src/testing/products.ts';
import { tickingClock } from '#src/testing/clock.ts';
import { callFunction, errorOf, seen } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';

describe('updateProduct and getProduct', () => {
  let t: TestApp;
  let cleanup: () => void;
  let ivy: TestCreator;
  let stranger: TestCreator;
  let storeId: string;
  let strangerStore: string;

  beforeAll(async () => {
    const setup = envWithDataDir();
    cleanup = setup.cleanup;
    t = await createTestApp({ env: setup.env, now: tickingClock() });
    ivy = await signedInCreator(t);
    stranger = await signedInCreator(t);
    storeId = (await createStoreAs(t, ivy, 'ivy-edits')).id;
    strangerStore = (await createStoreAs(t, stranger, 'other-edits')).id;
  });
  afterAll(async () => {
    await t?.close();
    cleanup?.();
  });

  const update = (productId: string, changes: Record<string, unknown>, who = ivy, store = storeId) =>
    callFunction(t.app, 'updateProduct', { storeId: store, productId, ...changes }, { as: who });
  const updated = async (productId: string, changes: Record<string, unknown>) => {
    const response = await update(productId, changes);
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json().result as Product;
  };
  const current = async (productId: string) =>
    (await callFunction(t.app, 'getProduct', { storeId, productId }, { as: ivy })).json().result as Product;

  it('changes only the fields sent and keeps the slug when the title changes', async () => {
    const product = await createProductAs(t, ivy, storeId, {
      title: 'Poster Pack',
      subtitle: 'Ten posters',
      priceCents: 2500,
      compareAtCents: 4000,
      ctaLabel: 'Grab it',
      descriptionHtml: '<p>Big</p>',
    });
    const after = await updated(product.id, { title: 'Poster Pack Deluxe' });
    expect(after).toEqual({ ...product, title: 'Poster Pack Deluxe', updatedAt: after.updatedAt });
    expect(after.updatedAt > product.updatedAt).toBe(true);
    expect((await callFunction(t.app, 'getProduct', { storeId, productId: product.id }, { as: ivy })).json().result).toEqual(after);
  });

  it('checks the rules on the merged product', async () => {
    const product = await createProductAs(t, ivy, storeId, { priceCents: 2000, compareAtCents: 3000 });
    const response = await update(product.id, { priceCents: 3000 });
    expect([response.statusCode, errorOf(response).message]).toEqual([400, PRODUCT_MESSAGES.compareAtTooLow]);
    expect(errorOf(response).details).toEqual({ formErrors: [], fieldErrors: { compareAtCents: [PRODUCT_MESSAGES.compareAtTooLow] } });
    const toLink = await update(product.id, { type: 'link' });
    expect(errorOf(toLink).message).toBe(PRODUCT_MESSAGES.linkRequired);
    expect((await updated(product.id, { priceCents: 3000, compareAtCents: null })).priceCents).toBe(3000);
  });

  it('accepts a 100-character title and a 50-cent price, refuses 101 characters and 49 cents', async () => {
    const product = await createProductAs(t, ivy, storeId);
    expect((await update(product.id, { title: 'x'.repeat(PRODUCT_LIMITS.titleMax), priceCents: 50 })).statusCode).toBe(200);
    expect(errorOf(await update(product.id, { title: 'x'.repeat(PRODUCT_LIMITS.titleMax + 1) })).message).toBe(PRODUCT_MESSAGES.titleTooLong);
    expect(errorOf(await update(product.id, { priceCents: 49 })).message).toBe(PRODUCT_MESSAGES.priceTooLow);
  });

  it('moves the default button label along with the type, but never a label the creator chose', async () => {
    const product = await createProductAs(t, ivy, storeId);
    expect((await updated(product.id, { type: 'lead-magnet' })).ctaLabel).toBe(DEFAULT_CTA['lead-magnet']);
    const custom = await createProductAs(t, ivy, storeId, { ctaLabel: 'Take my money' });
    expect(await updated(custom.id, { type: 'lead-magnet' })).toMatchObject({ ctaLabel: 'Take my money', priceMode: 'free', priceCents: 0 });
  });

  it("takes only this store's uploaded images as covers", async () => {
    const product = await createProductAs(t, ivy, storeId);
    const own = await update(product.id, { coverImageUrl: `/files/${storeId}/image-0123456789abcdef01234567.webp` });
    expect(own.json().result.coverImageUrl).toBe(`/files/${storeId}/image-0123456789abcdef01234567.webp`);
    for (const coverImageUrl of [`/files/${strangerStore}/image-0123456789abcdef01234567.webp`, 'https://evil.example/x.png']) {
      const response = await update(product.id, { coverImageUrl });
      expect([response.statusCode, errorOf(response).message]).toEqual([400, PRODUCT_MESSAGES.coverInvalid]);
    }
    expect((await update(product.id, { coverImageUrl: null })).json().result.coverImageUrl).toBeNull();
  });

  it('sanitises a new description', async () => {
    const product = await createProductAs(t, ivy, storeId);
    const after = await updated(product.id, { descriptionHtml: '<p>Hi<script>x</script><img src=x onerror=alert(1)></p>' });
    expect(after.descriptionHtml).toBe('<p>Hi</p>');
  });

  it('renames the slug: refuses one taken in the store, accepts its own and a free one', async () => {
    const first = await createProductAs(t, ivy, storeId, { title: 'First One' });
    const second = await createProductAs(t, ivy, storeId, { title: 'Second One' });
    const taken = await update(second.id, { slug: first.slug });
    expect([taken.statusCode, errorOf(taken).message]).toEqual([409, PRODUCT_MESSAGES.slugTaken]);
    expect((await updated(second.id, { slug: second.slug })).slug).toBe('second-one');
    expect((await updated(second.id, { slug: 'renamed-second' })).slug).toBe('renamed-second');
  });

  it('publishes a digital download only once it has a file', async () => {
    const product = await createProductAs(t, ivy, storeId);
    const early = await update(product.id, { status: 'published' });
    expect([early.statusCode, errorOf(early).message]).toEqual([400, PRODUCT_MESSAGES.publishNeedsFile]);
    expect((await uploadFile(t, ivy, { storeId, productId: product.id }, Buffer.from('pdf'))).statusCode).toBe(201);
    expect((await updated(product.id, { status: 'published' })).status).toBe('published');
    // A published link cannot turn into a download with no files by changing type either.
    const link = await createProductAs(t, ivy, storeId, { type: 'link', priceMode: 'free', externalUrl: 'https://example.com', status: 'published' });
    const toDigital = await update(link.id, { type: 'digital', priceMode: 'fixed', priceCents: 500 });
    expect(errorOf(toDigital).message).toBe(PRODUCT_MESSAGES.publishNeedsFile);
    expect((await current(link.id)).type).toBe('link');
  });

  it('publishes a lead magnet only once it has a file; without one the row stays a draft', async () => {
    const magnet = await createProductAs(t, ivy, storeId, { type: 'lead-magnet', priceMode: 'free' });
    const early = await update(magnet.id, { status: 'published', title: 'Renamed too' });
    expect([early.statusCode, errorOf(early).message]).toEqual([400, PRODUCT_MESSAGES.publishNeedsFile]);
    expect(await current(magnet.id)).toMatchObject({ status: 'draft', title: magnet.title });
    expect((await uploadFile(t, ivy, { storeId, productId: magnet.id }, Buffer.from('guide'))).statusCode).toBe(201);
    expect(await updated(magnet.id, { status: 'published' })).toMatchObject({ status: 'published', files: [{ name: 'guide.pdf' }] });
  });

  it('refuses to publish a link without its URL', async () => {
    const link = await createProductAs(t, ivy, storeId, { type: 'link', priceMode: 'free', externalUrl: 'https://example.com' });
    const refused = await update(link.id, { status: 'published', externalUrl: null });
    expect([refused.statusCode, errorOf(refused).message]).toEqual([400, PRODUCT_MESSAGES.linkRequired]);
    expect(await current(link.id)).toMatchObject({ status: 'draft', externalUrl: 'https://example.com' });
  });

  it('refuses to change an archived product, publishing included', async () => {
    const product = await createProductAs(t, ivy, storeId, { type: 'link', priceMode: 'free', externalUrl: 'https://example.com', status: 'published' });
    await insertOrder(t, storeId, product.id);
    expect((await callFunction(t.app, 'deleteProduct', { storeId, productId: product.id }, { as: ivy })).json().result).toEqual({ deleted: false, archived: true });
    for (const changes of [{ status: 'published' }, { title: 'Back again' }]) {
      const response = await update(product.id, changes);
      expect([response.statusCode, errorOf(response).message]).toEqual([400, ARCHIVED_PRODUCT_MESSAGE]);
    }
    expect((await callFunction(t.app, 'getProduct', { storeId, productId: product.id }, { as: ivy })).json().result.status).toBe('archived');
  });

  it('answers a foreign store and a foreign product exactly like missing ones', async () => {
    const mine = await createProductAs(t, ivy, storeId);
    const theirs = await createProductAs(t, stranger, strangerStore);
    // Their product through my store: product not found, like a made-up id.
    const foreignProduct = await update(theirs.id, { title: 'Mine now' });
    const missingProduct = await update('prd_doesnotexist00000000', { title: 'Mine now' });
    expect([foreignProduct.statusCode, errorOf(foreignProduct).message]).toEqual([404, PRODUCT_MESSAGES.productNotFound]);
    expect(seen(foreignProduct)).toEqual(seen(missingProduct));
    // Their store: store not found, like a made-up store.
    const foreignStore = await update(theirs.id, { title: 'Mine now' }, ivy, strangerStore);
    const missingStore = await update(theirs.id, { title: 'Mine now' }, ivy, 'store_doesnotexist00000000');
    expect([foreignStore.statusCode, errorOf(foreignStore).message]).toEqual([404, MESSAGES.stores.notFound]);
    expect(seen(foreignStore)).toEqual(seen(missingStore));
    // The same for getProduct.
    const get = (productId: string, store = storeId) => callFunction(t.app, 'getProduct', { storeId: store, productId }, { as: ivy });
    expect(seen(await get(theirs.id))).toEqual(seen(await get('prd_doesnotexist00000000')));
    expect(seen(await get(theirs.id, strangerStore))).toEqual(seen(await get(theirs.id, 'store_doesnotexist00000000')));
    expect((await get(mine.id)).statusCode).toBe(200);
    const stillTheirs = await callFunction(t.app, 'getProduct', { storeId: strangerStore, productId: theirs.id }, { as: stranger });
    expect(stillTheirs.json().result.title).toBe(theirs.title);
  });
});
