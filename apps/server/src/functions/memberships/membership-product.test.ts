import { DEFAULT_CTA, PRODUCT_MESSAGES, type Product } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { membershipTiers } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { checkoutCall } from '#src/testing/checkout.ts';
import { tickingClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createProductAs } from '#src/testing/products.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

describe('the membership product type', () => {
  let t: TestApp;
  let ivy: TestCreator;
  let storeId: string;
  let storeSlug: string;

  beforeAll(async () => {
    t = await createTestApp({ now: tickingClock() });
    ivy = await signedInCreator(t);
    const store = await createStoreAs(t, ivy, 'ivy-members');
    storeId = store.id;
    storeSlug = store.slug;
  });
  afterAll(() => t?.close());

  const update = (productId: string, changes: Record<string, unknown>) => callFunction(t.app, 'updateProduct', { storeId, productId, ...changes }, { as: ivy });
  const membership = (overrides: Record<string, unknown> = {}) => createProductAs(t, ivy, storeId, { type: 'membership', title: 'Studio Club', ...overrides });
  async function addTier(productId: string) {
    await t.db.insert(membershipTiers).values({ id: newId('mtr'), storeId, productId, name: 'Supporter', monthlyPriceCents: 500, currency: 'USD', position: 0 });
  }
  async function publishedMembership() {
    const product = await membership();
    await addTier(product.id);
    const response = await update(product.id, { status: 'published' });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json().result as Product;
  }

  it('is created as a draft priced by its tiers: the product’s own price fields stay empty, the button says Join', async () => {
    const product = await membership({ priceMode: 'pay-what-you-want', priceCents: 2500, minPriceCents: 100, compareAtCents: 9000 });
    expect(product).toMatchObject({ type: 'membership', status: 'draft', priceMode: 'fixed', priceCents: 0, minPriceCents: 0, compareAtCents: null, ctaLabel: DEFAULT_CTA.membership });
  });

  it('publishes only once it has a tier that takes members', async () => {
    const created = await callFunction(t.app, 'createProduct', { storeId, type: 'membership', title: 'Early', priceMode: 'fixed', status: 'published' }, { as: ivy });
    expect(created.statusCode).toBe(400);
    expect(errorOf(created).message).toBe(PRODUCT_MESSAGES.publishNeedsTier);

    const product = await membership();
    const refused = await update(product.id, { status: 'published' });
    expect(errorOf(refused).message).toBe(PRODUCT_MESSAGES.publishNeedsTier);
    await t.db.insert(membershipTiers).values({ id: newId('mtr'), storeId, productId: product.id, name: 'Old', monthlyPriceCents: 500, currency: 'USD', position: 0, archivedAt: new Date() });
    expect(errorOf(await update(product.id, { status: 'published' })).message).toBe(PRODUCT_MESSAGES.publishNeedsTier);

    await addTier(product.id);
    expect((await update(product.id, { status: 'published' })).json().result).toMatchObject({ status: 'published' });
  });

  it('never changes type, into a membership or out of one', async () => {
    const download = await createProductAs(t, ivy, storeId);
    const into = await update(download.id, { type: 'membership' });
    expect(into.statusCode).toBe(400);
    expect(errorOf(into)).toMatchObject({ message: PRODUCT_MESSAGES.membershipTypeFixed, details: { fieldErrors: { type: [PRODUCT_MESSAGES.membershipTypeFixed] } } });
    const club = await membership();
    expect(errorOf(await update(club.id, { type: 'digital', priceCents: 1500 })).message).toBe(PRODUCT_MESSAGES.membershipTypeFixed);
  });

  it('is refused by the one-off checkout with a clear message', async () => {
    const product = await publishedMembership();
    const response = await checkoutCall(t, { storeId, productId: product.id });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(PRODUCT_MESSAGES.membershipNotOneOff);
  });

  it('is neither a bundle, nor in one, nor an order bump, nor has one', async () => {
    const club = await publishedMembership();
    const download = await createProductAs(t, ivy, storeId, { title: 'Zine' });
    expect(errorOf(await update(download.id, { bundleProductIds: [club.id] })).message).toBe(PRODUCT_MESSAGES.bundleItemNotDownload);
    expect(errorOf(await update(club.id, { bundleProductIds: [download.id] })).message).toBe(PRODUCT_MESSAGES.bundleOnlyDigital);
    expect(errorOf(await update(download.id, { bumpProductId: club.id, bumpPriceCents: 100 })).message).toBe(PRODUCT_MESSAGES.bumpNotDownload);
    expect(errorOf(await update(club.id, { bumpProductId: download.id, bumpPriceCents: 100 })).message).toBe(PRODUCT_MESSAGES.membershipNoBump);
  });

  it('shows on the storefront without a product price', async () => {
    const club = await publishedMembership();
    const response = await callFunction(t.app, 'getStorefront', { slug: storeSlug });
    expect(response.statusCode).toBe(200);
    const listed = (response.json().result.products as { id: string }[]).find((row) => row.id === club.id);
    expect(listed).toMatchObject({ type: 'membership', priceCents: null, compareAtCents: null, ctaLabel: 'Join' });
  });
});
