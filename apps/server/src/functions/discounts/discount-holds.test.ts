import { COMMERCE_LIMITS, COMMERCE_MESSAGES, DISCOUNT_LIMITS, DISCOUNT_MESSAGES, type DiscountCode, type DiscountFields } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { checkoutCall, insertProduct, newKey, ordersOf, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const HOLD_MS = DISCOUNT_LIMITS.holdMinutes * 60_000;

const fieldsOf = (overrides: Partial<DiscountFields>): DiscountFields => ({
  code: 'HELD',
  kind: 'percent',
  value: 20,
  productId: null,
  expiresAt: null,
  maxUses: null,
  maxUsesPerEmail: null,
  minPriceCents: 0,
  active: true,
  ...overrides,
});

/** An unpaid checkout holds a use of its code only while it can still be paid. */
describe('discount code uses held by unpaid checkouts', () => {
  const clock = manualClock(new Date());
  let t: TestApp;
  let creator: TestCreator;
  let store: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    creator = await signedInCreator(t);
    store = await createStoreAs(t, creator, 'held-codes');
  });
  afterAll(() => t?.close());

  async function codeWith(code: string, maxUses: number) {
    const reply = await callFunction(t.app, 'createDiscountCode', { storeId: store.id, fields: fieldsOf({ code, maxUses }) }, { as: creator });
    expect(reply.statusCode).toBe(200);
    return { product: await insertProduct(t, store.id, { priceCents: 3000 }) };
  }
  const listed = async (code: string): Promise<DiscountCode> =>
    (await callFunction(t.app, 'listDiscountCodes', { storeId: store.id }, { as: creator })).json().result.codes.find((row: DiscountCode) => row.code === code);
  const buy = (productId: string, code: string, email: string) => checkoutCall(t, { storeId: store.id, productId, discountCode: code, email });

  it(`three unpaid checkouts hold a 3-use code for ${DISCOUNT_LIMITS.holdMinutes} minutes, shown as held; then the uses are free again`, async () => {
    const { product } = await codeWith('THREE', 3);
    for (const who of ['a', 'b', 'c']) expect((await buy(product.id, 'THREE', `${who}@example.com`)).statusCode).toBe(200);
    expect(errorOf(await buy(product.id, 'THREE', 'real@example.com'))).toMatchObject({ status: 'FAILED_PRECONDITION', message: DISCOUNT_MESSAGES.usedUp });
    expect(await listed('THREE')).toMatchObject({ usedCount: 0, heldCount: 3 });

    clock.advance(HOLD_MS - 1000);
    expect(errorOf(await buy(product.id, 'THREE', 'real@example.com'))).toMatchObject({ message: DISCOUNT_MESSAGES.usedUp });
    expect(await listed('THREE')).toMatchObject({ usedCount: 0, heldCount: 3 });

    clock.advance(1000);
    expect(await listed('THREE')).toMatchObject({ usedCount: 0, heldCount: 0 });
    expect((await buy(product.id, 'THREE', 'real@example.com')).statusCode).toBe(200);
    expect(await listed('THREE')).toMatchObject({ usedCount: 0, heldCount: 1 });
  });

  it('a checkout with a code is paid within the hold, and counts as used, not held', async () => {
    const { product } = await codeWith('INTIME', 1);
    const held = await startCheckout(t, { storeId: store.id, productId: product.id, discountCode: 'INTIME', email: 'quick@example.com' });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, held.checkoutId));
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + HOLD_MS);
    clock.advance(HOLD_MS - 1000);
    expect((await payWithCard(t, held.checkoutId, '4242424242424242')).statusCode).toBe(303);
    expect((await ordersOf(t, store.id)).some((order) => order.checkoutId === held.checkoutId)).toBe(true);
    expect(await listed('INTIME')).toMatchObject({ usedCount: 1, heldCount: 0 });
    expect(errorOf(await buy(product.id, 'INTIME', 'late@example.com'))).toMatchObject({ message: DISCOUNT_MESSAGES.usedUp });
  });

  it('once its hold is over, a checkout with a code can no longer be paid, nor reopened by a retry', async () => {
    const { product } = await codeWith('TOOLATE', 1);
    const data = { storeId: store.id, productId: product.id, discountCode: 'TOOLATE', email: 'slow@example.com', idempotencyKey: newKey() };
    const held = (await checkoutCall(t, data)).json().result as { checkoutId: string };
    clock.advance(HOLD_MS);
    expect((await payWithCard(t, held.checkoutId, '4242424242424242')).statusCode).toBe(404);
    expect(errorOf(await checkoutCall(t, data))).toMatchObject({ status: 'FAILED_PRECONDITION', message: COMMERCE_MESSAGES.checkoutNotFound });
    expect((await ordersOf(t, store.id)).some((order) => order.checkoutId === held.checkoutId)).toBe(false);
    // Its use went to the next buyer.
    expect((await buy(product.id, 'TOOLATE', 'next@example.com')).statusCode).toBe(200);
  });

  it('a checkout without a code keeps the full day to pay', async () => {
    const product = await insertProduct(t, store.id, { priceCents: 3000 });
    const open = await startCheckout(t, { storeId: store.id, productId: product.id, email: 'nocode@example.com' });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, open.checkoutId));
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + COMMERCE_LIMITS.checkoutTtlMs);
    clock.advance(HOLD_MS * 2);
    expect((await payWithCard(t, open.checkoutId, '4242424242424242')).statusCode).toBe(303);
  });
});
