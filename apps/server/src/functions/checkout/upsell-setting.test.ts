import { UPSELL_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { insertProduct } from '#src/testing/checkout.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { errorOf } from './checkout-fixtures.ts';

describe('the after-purchase offer setting on a product', () => {
  let t: TestApp;
  let shop: SeededStore;
  let foreign: SeededStore;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedStore(t, { owner: await signedInCreator(t) });
    foreign = await seedStore(t, { owner: await signedInCreator(t) });
  });
  afterAll(async () => t?.close());

  const update = (productId: string, changes: Record<string, unknown>) => callFunction(t.app, 'updateProduct', { storeId: shop.id, productId, ...changes }, { as: shop.owner });
  const rowOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;

  it('offers another published product at a special price up to its normal price, with a headline', async () => {
    const main = await insertProduct(t, shop.id, { title: 'Guide', status: 'draft' });
    const course = await insertProduct(t, shop.id, { title: 'Video course', type: 'course', priceCents: 5000 });
    const atNormal = await update(main.id, { upsellProductId: course.id, upsellPriceCents: 5000, upsellHeadline: '  Wait — add the course?  ' });
    expect(atNormal.statusCode).toBe(200);
    expect(atNormal.json().result).toMatchObject({ upsellProductId: course.id, upsellPriceCents: 5000, upsellHeadline: 'Wait — add the course?' });
    const above = await update(main.id, { upsellPriceCents: 5001 });
    expect(errorOf(above)).toMatchObject({ status: 400, message: UPSELL_MESSAGES.priceTooHigh });
    expect(errorOf(await update(main.id, { upsellPriceCents: 0 }))).toMatchObject({ status: 400, message: UPSELL_MESSAGES.priceTooLow });
    expect((await update(main.id, { upsellPriceCents: 1 })).statusCode).toBe(200);
    expect(await rowOf(main.id)).toMatchObject({ upsellProductId: course.id, upsellPriceCents: 1, upsellHeadline: 'Wait — add the course?' });
  });

  it('refuses another store’s product exactly like a missing one, and changes nothing', async () => {
    const main = await insertProduct(t, shop.id, { status: 'draft' });
    const theirs = await insertProduct(t, foreign.id, { title: 'Not yours' });
    const foreignAnswer = await update(main.id, { upsellProductId: theirs.id, upsellPriceCents: 500 });
    const missingAnswer = await update(main.id, { upsellProductId: 'prd_00000000000000000000', upsellPriceCents: 500 });
    expect(foreignAnswer.statusCode).toBe(404);
    expect(foreignAnswer.json()).toEqual(missingAnswer.json());
    expect(errorOf(foreignAnswer).message).toBe(UPSELL_MESSAGES.productNotFound);
    expect(await rowOf(main.id)).toMatchObject({ upsellProductId: null, upsellPriceCents: null });
  });

  it('refuses itself, a call, a membership, a draft, a free product and a missing price', async () => {
    const main = await insertProduct(t, shop.id, { status: 'draft' });
    const call = await insertProduct(t, shop.id, { type: 'call' });
    const membership = await insertProduct(t, shop.id, { type: 'membership', status: 'draft' });
    const draft = await insertProduct(t, shop.id, { status: 'draft' });
    const free = await insertProduct(t, shop.id, { priceMode: 'free', priceCents: 0 });
    const ok = await insertProduct(t, shop.id);
    expect(errorOf(await update(main.id, { upsellProductId: main.id, upsellPriceCents: 500 })).message).toBe(UPSELL_MESSAGES.isSelf);
    expect(errorOf(await update(main.id, { upsellProductId: call.id, upsellPriceCents: 500 })).message).toBe(UPSELL_MESSAGES.notOneOff);
    expect(errorOf(await update(main.id, { upsellProductId: membership.id, upsellPriceCents: 500 })).message).toBe(UPSELL_MESSAGES.notOneOff);
    expect(errorOf(await update(main.id, { upsellProductId: draft.id, upsellPriceCents: 500 })).message).toBe(UPSELL_MESSAGES.notPublished);
    expect(errorOf(await update(main.id, { upsellProductId: free.id, upsellPriceCents: 500 })).message).toBe(UPSELL_MESSAGES.isFree);
    expect(errorOf(await update(main.id, { upsellProductId: ok.id })).message).toBe(UPSELL_MESSAGES.priceRequired);
    expect(errorOf(await update(membership.id, { upsellProductId: ok.id, upsellPriceCents: 500 })).message).toBe(UPSELL_MESSAGES.sellerNotOneOff);
    expect(await rowOf(main.id)).toMatchObject({ upsellProductId: null });
  });

  it('a headline over the limit is refused; null removes the offer with its price and headline', async () => {
    const main = await insertProduct(t, shop.id, { status: 'draft' });
    const other = await insertProduct(t, shop.id);
    expect(errorOf(await update(main.id, { upsellProductId: other.id, upsellPriceCents: 900, upsellHeadline: 'x'.repeat(121) })).message).toBe(UPSELL_MESSAGES.headlineTooLong);
    expect((await update(main.id, { upsellProductId: other.id, upsellPriceCents: 900, upsellHeadline: 'x'.repeat(120) })).statusCode).toBe(200);
    const removed = await update(main.id, { upsellProductId: null });
    expect(removed.json().result).toMatchObject({ upsellProductId: null, upsellPriceCents: null, upsellHeadline: null });
  });
});
