import { DOWNSELL_MESSAGES, UPSELL_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { insertProduct } from '#src/testing/checkout.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { errorOf } from './checkout-fixtures.ts';

describe('the "if they decline, offer instead" setting on a product', () => {
  let t: TestApp;
  let shop: SeededStore;
  let foreign: SeededStore;
  let course: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedStore(t, { owner: await signedInCreator(t) });
    foreign = await seedStore(t, { owner: await signedInCreator(t) });
    course = await insertProduct(t, shop.id, { title: 'Video course', type: 'course', priceCents: 5000 });
  });
  afterAll(async () => t?.close());

  const update = (productId: string, changes: Record<string, unknown>) => callFunction(t.app, 'updateProduct', { storeId: shop.id, productId, ...changes }, { as: shop.owner });
  const rowOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
  /** A draft product offering the course at 30.00 after purchase. */
  const withUpsell = async () => {
    const main = await insertProduct(t, shop.id, { title: 'Guide', status: 'draft' });
    expect((await update(main.id, { upsellProductId: course.id, upsellPriceCents: 3000 })).statusCode).toBe(200);
    return main;
  };

  it('offers another product instead, at a special price up to its normal price, with a headline', async () => {
    const main = await withUpsell();
    const workbook = await insertProduct(t, shop.id, { title: 'Workbook', priceCents: 1500 });
    const saved = await update(main.id, { downsellProductId: workbook.id, downsellPriceCents: 1500, downsellHeadline: '  Or just the workbook?  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toMatchObject({ upsellProductId: course.id, downsellProductId: workbook.id, downsellPriceCents: 1500, downsellHeadline: 'Or just the workbook?' });
    expect(errorOf(await update(main.id, { downsellPriceCents: 1501 }))).toMatchObject({ status: 400, message: DOWNSELL_MESSAGES.priceTooHigh });
    expect(errorOf(await update(main.id, { downsellPriceCents: 0 }))).toMatchObject({ status: 400, message: DOWNSELL_MESSAGES.priceTooLow });
    expect(errorOf(await update(main.id, { downsellProductId: workbook.id, downsellPriceCents: null }))).toMatchObject({ status: 400, message: DOWNSELL_MESSAGES.priceRequired });
    expect((await update(main.id, { downsellPriceCents: 1 })).statusCode).toBe(200);
    expect(await rowOf(main.id)).toMatchObject({ downsellProductId: workbook.id, downsellPriceCents: 1, downsellHeadline: 'Or just the workbook?' });
  });

  it('needs an upsell: refused without one, and removed with it', async () => {
    const alone = await insertProduct(t, shop.id, { status: 'draft' });
    const refused = await update(alone.id, { downsellProductId: course.id, downsellPriceCents: 1000 });
    expect(errorOf(refused)).toMatchObject({ status: 400, message: DOWNSELL_MESSAGES.needsUpsell });
    expect(await rowOf(alone.id)).toMatchObject({ downsellProductId: null, downsellPriceCents: null });

    const main = await withUpsell();
    expect((await update(main.id, { downsellProductId: course.id, downsellPriceCents: 2000, downsellHeadline: 'Half the course?' })).statusCode).toBe(200);
    const removed = await update(main.id, { upsellProductId: null });
    expect(removed.json().result).toMatchObject({ upsellProductId: null, downsellProductId: null, downsellPriceCents: null, downsellHeadline: null });
  });

  it('the upsell’s own product again only below the upsell’s special price, also when the upsell’s price changes', async () => {
    const main = await withUpsell();
    expect(errorOf(await update(main.id, { downsellProductId: course.id, downsellPriceCents: 3000 }))).toMatchObject({ status: 400, message: DOWNSELL_MESSAGES.notBelowUpsell });
    expect((await update(main.id, { downsellProductId: course.id, downsellPriceCents: 2999 })).statusCode).toBe(200);
    expect(errorOf(await update(main.id, { upsellPriceCents: 2999 }))).toMatchObject({ status: 400, message: DOWNSELL_MESSAGES.notBelowUpsell });
    expect(await rowOf(main.id)).toMatchObject({ upsellPriceCents: 3000, downsellPriceCents: 2999 });
    expect((await update(main.id, { upsellPriceCents: 4000 })).statusCode).toBe(200);
  });

  it('refuses another store’s product exactly like a missing one, and changes nothing', async () => {
    const main = await withUpsell();
    const theirs = await insertProduct(t, foreign.id, { title: 'Not yours' });
    const foreignAnswer = await update(main.id, { downsellProductId: theirs.id, downsellPriceCents: 500 });
    const missingAnswer = await update(main.id, { downsellProductId: 'prd_00000000000000000000', downsellPriceCents: 500 });
    expect(foreignAnswer.statusCode).toBe(404);
    expect(foreignAnswer.json()).toEqual(missingAnswer.json());
    expect(errorOf(foreignAnswer).message).toBe(UPSELL_MESSAGES.productNotFound);
    expect(await rowOf(main.id)).toMatchObject({ downsellProductId: null, downsellPriceCents: null });
  });

  it('refuses itself, a call, a membership, a draft and a free product; a headline over the limit', async () => {
    const main = await withUpsell();
    const call = await insertProduct(t, shop.id, { type: 'call' });
    const membership = await insertProduct(t, shop.id, { type: 'membership', status: 'draft' });
    const draft = await insertProduct(t, shop.id, { status: 'draft' });
    const free = await insertProduct(t, shop.id, { priceMode: 'free', priceCents: 0 });
    const ok = await insertProduct(t, shop.id, { priceCents: 1000 });
    expect(errorOf(await update(main.id, { downsellProductId: main.id, downsellPriceCents: 500 })).message).toBe(DOWNSELL_MESSAGES.isSelf);
    expect(errorOf(await update(main.id, { downsellProductId: call.id, downsellPriceCents: 500 })).message).toBe(DOWNSELL_MESSAGES.notOneOff);
    expect(errorOf(await update(main.id, { downsellProductId: membership.id, downsellPriceCents: 500 })).message).toBe(DOWNSELL_MESSAGES.notOneOff);
    expect(errorOf(await update(main.id, { downsellProductId: draft.id, downsellPriceCents: 500 })).message).toBe(DOWNSELL_MESSAGES.notPublished);
    expect(errorOf(await update(main.id, { downsellProductId: free.id, downsellPriceCents: 500 })).message).toBe(DOWNSELL_MESSAGES.isFree);
    expect(errorOf(await update(main.id, { downsellProductId: ok.id, downsellPriceCents: 500, downsellHeadline: 'x'.repeat(121) })).message).toBe(DOWNSELL_MESSAGES.headlineTooLong);
    expect(await rowOf(main.id)).toMatchObject({ downsellProductId: null });
    expect((await update(main.id, { downsellProductId: ok.id, downsellPriceCents: 500, downsellHeadline: 'x'.repeat(120) })).statusCode).toBe(200);
    expect((await update(main.id, { downsellProductId: null })).json().result).toMatchObject({ upsellProductId: course.id, downsellProductId: null, downsellPriceCents: null, downsellHeadline: null });
  });
});
