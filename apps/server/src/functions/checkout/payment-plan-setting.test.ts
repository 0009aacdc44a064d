import { PAYMENT_PLAN_MESSAGES as M } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, products } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { checkoutCall, insertProduct, startCheckout } from '#src/testing/checkout.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { errorOf } from './checkout-fixtures.ts';

describe('the payment plan setting and a checkout in instalments', () => {
  let t: TestApp;
  let shop: SeededStore;
  let foreign: SeededStore;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedStore(t, { owner: await signedInCreator(t) });
    foreign = await seedStore(t, { owner: await signedInCreator(t) });
  });
  afterAll(async () => t?.close());

  const update = (productId: string, changes: Record<string, unknown>, store = shop) => callFunction(t.app, 'updateProduct', { storeId: store.id, productId, ...changes }, { as: store.owner });
  const rowOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
  const planned = async (planInstalments: number, planInstalmentCents: number | null = null, priceCents = 29_700) => {
    const product = await insertProduct(t, shop.id, { priceCents });
    await t.db.update(products).set({ planInstalments, planInstalmentCents }).where(eq(products.id, product.id));
    return product;
  };

  it('takes 2 to 12 instalments and refuses 1 and 13 with their messages', async () => {
    const product = await insertProduct(t, shop.id, { priceCents: 29_700, status: 'draft' });
    expect(errorOf(await update(product.id, { planInstalments: 1 }))).toMatchObject({ status: 400, message: M.tooFewInstalments });
    expect(errorOf(await update(product.id, { planInstalments: 13 }))).toMatchObject({ status: 400, message: M.tooManyInstalments });
    const two = await update(product.id, { planInstalments: 2 });
    expect(two.json().result).toMatchObject({ planInstalments: 2, planInstalmentCents: null });
    const twelve = await update(product.id, { planInstalments: 12 });
    expect(twelve.json().result).toMatchObject({ planInstalments: 12, planInstalmentCents: null });
    // Removing the plan removes its amount too.
    await update(product.id, { planInstalments: 3, planInstalmentCents: 9900 });
    expect((await update(product.id, { planInstalments: null })).json().result).toMatchObject({ planInstalments: null, planInstalmentCents: null });
  });

  it('bounds the instalment: at least 0.50, at most the price, adding up to at least the price', async () => {
    const small = await insertProduct(t, shop.id, { priceCents: 100, status: 'draft' });
    expect(errorOf(await update(small.id, { planInstalments: 2, planInstalmentCents: 49 })).message).toBe(M.instalmentTooLow);
    expect((await update(small.id, { planInstalments: 2, planInstalmentCents: 50 })).statusCode).toBe(200);
    // Derived: 100 / 3 rounds up to 34, below 0.50.
    expect(errorOf(await update(small.id, { planInstalments: 3, planInstalmentCents: null })).message).toBe(M.instalmentTooLow);

    const product = await insertProduct(t, shop.id, { priceCents: 29_700, status: 'draft' });
    expect(errorOf(await update(product.id, { planInstalments: 3, planInstalmentCents: 29_701 })).message).toBe(M.instalmentTooHigh);
    expect((await update(product.id, { planInstalments: 2, planInstalmentCents: 29_700 })).statusCode).toBe(200);
    expect(errorOf(await update(product.id, { planInstalments: 3, planInstalmentCents: 9899 })).message).toBe(M.totalTooLow);
    expect((await update(product.id, { planInstalments: 3, planInstalmentCents: 9900 })).json().result).toMatchObject({ planInstalments: 3, planInstalmentCents: 9900 });
    // A creator's amount may add up to more than the price (a plan costing a little more).
    expect((await update(product.id, { planInstalments: 3, planInstalmentCents: 10_500 })).statusCode).toBe(200);
  });

  it('refuses pay-what-you-want, free and products other than downloads and courses', async () => {
    const pwyw = await insertProduct(t, shop.id, { priceMode: 'pay-what-you-want', priceCents: 2000, minPriceCents: 500, status: 'draft' });
    expect(errorOf(await update(pwyw.id, { planInstalments: 3 })).message).toBe(M.notFixedPrice);
    const call = await insertProduct(t, shop.id, { type: 'call', status: 'draft' });
    expect(errorOf(await update(call.id, { planInstalments: 3 })).message).toBe(M.wrongType);
    const course = await insertProduct(t, shop.id, { type: 'course', status: 'draft', priceCents: 30_000 });
    expect((await update(course.id, { planInstalments: 3 })).statusCode).toBe(200);
    // A stored plan is checked when the price changes under it.
    const product = await planned(3);
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, product.id));
    expect(errorOf(await update(product.id, { priceMode: 'pay-what-you-want', minPriceCents: 100 })).message).toBe(M.notFixedPrice);
    expect(await rowOf(product.id)).toMatchObject({ priceMode: 'fixed', planInstalments: 3 });
    expect(errorOf(await update(product.id, { planInstalmentCents: 500 })).message).toBe(M.totalTooLow);
  });

  it('another store’s product answers like a missing one and keeps its setting', async () => {
    const theirs = await insertProduct(t, foreign.id, { priceCents: 29_700 });
    const answer = await update(theirs.id, { planInstalments: 3 }, { ...foreign, owner: shop.owner });
    expect(answer.statusCode).toBe(404);
    expect(await rowOf(theirs.id)).toMatchObject({ planInstalments: null });
  });

  it('a plan checkout charges the first instalment; the full price stays the default', async () => {
    const product = await planned(3);
    const plan = await startCheckout(t, { storeId: shop.id, productId: product.id, paymentPlan: true });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, plan.checkoutId));
    expect(row).toMatchObject({ amountCents: 9900, planInstalments: 3, planInstalmentCents: 9900 });
    const full = await startCheckout(t, { storeId: shop.id, productId: product.id });
    const [fullRow] = await t.db.select().from(checkouts).where(eq(checkouts.id, full.checkoutId));
    expect(fullRow).toMatchObject({ amountCents: 29_700, planInstalments: null });
    // Derived amounts round up: 100.00 in 3 is 3 × 33.34.
    const odd = await planned(3, null, 10_000);
    const oddPlan = await startCheckout(t, { storeId: shop.id, productId: odd.id, paymentPlan: true });
    expect((await t.db.select().from(checkouts).where(eq(checkouts.id, oddPlan.checkoutId)))[0]).toMatchObject({ amountCents: 3334 });
  });

  it('refuses a plan checkout without a plan, with a discount code or with an order bump', async () => {
    const plain = await insertProduct(t, shop.id, { priceCents: 29_700 });
    expect(errorOf(await checkoutCall(t, { storeId: shop.id, productId: plain.id, paymentPlan: true }))).toMatchObject({ status: 400, message: M.noPlan });
    const product = await planned(3);
    expect(errorOf(await checkoutCall(t, { storeId: shop.id, productId: product.id, paymentPlan: true, discountCode: 'SAVE10' })).message).toBe(M.noDiscount);
    expect(errorOf(await checkoutCall(t, { storeId: shop.id, productId: product.id, paymentPlan: true, orderBump: true })).message).toBe(M.noBump);
  });
});
