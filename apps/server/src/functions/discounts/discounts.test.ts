import { DISCOUNT_MESSAGES, MESSAGES, PRODUCT_MESSAGES, type DiscountFields } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, discountCodes, discountRedemptions } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { checkoutCall, insertProduct, ordersOf, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const fieldsOf = (overrides: Partial<DiscountFields> = {}): DiscountFields => ({
  code: 'SPRING20',
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

describe('discount codes', () => {
  let t: TestApp;
  let creator: TestCreator;
  let mallory: TestCreator;
  let store: { id: string; slug: string };
  let malloryStore: { id: string; slug: string };

  const create = (fields: Partial<DiscountFields>, as: TestCreator = creator, storeId = store.id) =>
    callFunction(t.app, 'createDiscountCode', { storeId, fields: fieldsOf(fields) }, { as });

  async function codeId(code: string, fields: Partial<DiscountFields> = {}): Promise<string> {
    const reply = await create({ code, ...fields });
    if (reply.statusCode !== 200) throw new Error(reply.body);
    return reply.json().result.id as string;
  }

  beforeAll(async () => {
    t = await createTestApp();
    creator = await signedInCreator(t);
    mallory = await signedInCreator(t);
    store = await createStoreAs(t, creator, 'code-shop');
    malloryStore = await createStoreAs(t, mallory, 'mallory-codes');
  });
  afterAll(() => t?.close());

  describe('creating and editing', () => {
    it('stores the code upper-case in the store currency and lists it with its uses', async () => {
      const reply = await create({ code: ' welcome-10 ', kind: 'amount', value: 1000 });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().result).toMatchObject({ code: 'WELCOME-10', kind: 'amount', value: 1000, currency: 'USD', usedCount: 0, active: true });
      const listed = await callFunction(t.app, 'listDiscountCodes', { storeId: store.id }, { as: creator });
      expect(listed.json().result.codes.map((code: { code: string }) => code.code)).toContain('WELCOME-10');
    });

    it('refuses a second code with the same name in any case, but another store may use it', async () => {
      await codeId('TWIN');
      const again = await create({ code: 'twin' });
      expect(errorOf(again)).toMatchObject({ status: 'ALREADY_EXISTS', message: DISCOUNT_MESSAGES.codeExists });
      expect((await create({ code: 'TWIN' }, mallory, malloryStore.id)).statusCode).toBe(200);
    });

    it.each([
      ['no code at all', { code: '  ' }, DISCOUNT_MESSAGES.codeRequired],
      ['a code of 2 characters', { code: 'AB' }, DISCOUNT_MESSAGES.codeInvalid],
      ['a code with a space', { code: 'TWO WORDS' }, DISCOUNT_MESSAGES.codeInvalid],
      ['a code of 33 characters', { code: 'A'.repeat(33) }, DISCOUNT_MESSAGES.codeInvalid],
      ['101 percent', { value: 101 }, DISCOUNT_MESSAGES.percentInvalid],
      ['0 off', { kind: 'amount' as const, value: 0 }, DISCOUNT_MESSAGES.amountInvalid],
      ['a usage limit of 0', { maxUses: 0 }, DISCOUNT_MESSAGES.usesInvalid],
    ])('refuses %s with its message', async (_name, fields, message) => {
      const reply = await create(fields);
      expect(reply.statusCode).toBe(400);
      expect(JSON.stringify(reply.json().error)).toContain(message);
    });

    it('accepts the edges: 3 and 32 characters, 100 percent, a usage limit of 1', async () => {
      expect((await create({ code: 'ABC' })).statusCode).toBe(200);
      expect((await create({ code: 'B'.repeat(32), value: 100, maxUses: 1 })).statusCode).toBe(200);
    });

    it('refuses an expiry in the past, and a product of another store like a missing one', async () => {
      const past = await create({ code: 'LATE', expiresAt: new Date(Date.now() - 60_000).toISOString() });
      expect(errorOf(past)).toMatchObject({ status: 'INVALID_ARGUMENT', message: DISCOUNT_MESSAGES.expiryPast });
      const foreignProduct = await insertProduct(t, malloryStore.id, { priceCents: 1000 });
      const foreign = await create({ code: 'THEIRS', productId: foreignProduct.id });
      expect(errorOf(foreign)).toMatchObject({ status: 'NOT_FOUND', message: DISCOUNT_MESSAGES.productNotInStore });
      const rows = await t.db.select().from(discountCodes).where(eq(discountCodes.storeId, store.id));
      expect(rows.some((row) => row.code === 'LATE' || row.code === 'THEIRS')).toBe(false);
    });

    it('updates and deletes only its own store’s codes: a foreign id answers like a missing one', async () => {
      const id = await codeId('EDITME');
      const updated = await callFunction(t.app, 'updateDiscountCode', { storeId: store.id, discountId: id, fields: fieldsOf({ code: 'EDITED', value: 30 }) }, { as: creator });
      expect(updated.json().result).toMatchObject({ id, code: 'EDITED', value: 30 });

      const missing = 'dsc_00000000000000000000';
      for (const [name, data] of [
        ['updateDiscountCode', { storeId: malloryStore.id, discountId: id, fields: fieldsOf({ code: 'STOLEN' }) }],
        ['deleteDiscountCode', { storeId: malloryStore.id, discountId: id }],
      ] as const) {
        const foreign = await callFunction(t.app, name, data, { as: mallory });
        const absent = await callFunction(t.app, name, { ...data, discountId: missing }, { as: mallory });
        expect(foreign.statusCode).toBe(404);
        expect(foreign.body).toBe(absent.body);
      }
      // Mallory naming the creator's store is refused as the store, not the code.
      const theirStore = await callFunction(t.app, 'deleteDiscountCode', { storeId: store.id, discountId: id }, { as: mallory });
      expect(errorOf(theirStore)).toMatchObject({ status: 'NOT_FOUND', message: MESSAGES.stores.notFound });
      const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, id));
      expect(row?.code).toBe('EDITED');

      expect((await callFunction(t.app, 'deleteDiscountCode', { storeId: store.id, discountId: id }, { as: creator })).statusCode).toBe(200);
      expect(await t.db.select().from(discountCodes).where(eq(discountCodes.id, id))).toEqual([]);
    });

    it('listing another creator’s store is refused', async () => {
      const reply = await callFunction(t.app, 'listDiscountCodes', { storeId: malloryStore.id }, { as: creator });
      expect(errorOf(reply)).toMatchObject({ status: 'NOT_FOUND', message: MESSAGES.stores.notFound });
    });
  });

  describe('at checkout', () => {
    it('previews and charges the discounted price, exact in minor units, and counts the use once paid', async () => {
      const product = await insertProduct(t, store.id, { priceCents: 1999, title: 'Odd Price' });
      await codeId('THIRD', { kind: 'percent', value: 33 });
      const preview = await callFunction(t.app, 'previewDiscount', { storeId: store.id, productId: product.id, code: 'third' });
      // 33 % of 1999 is 659.67: the discount rounds down, so the buyer pays 1340.
      expect(preview.json().result).toEqual({ code: 'THIRD', priceCents: 1999, discountedCents: 1340, currency: 'USD' });

      const answer = await startCheckout(t, { storeId: store.id, productId: product.id, discountCode: 'Third', email: 'third@example.com' });
      const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, answer.checkoutId));
      expect(row?.amountCents).toBe(1340);
      const listed = async () =>
        (await callFunction(t.app, 'listDiscountCodes', { storeId: store.id }, { as: creator })).json().result.codes.find((code: { code: string }) => code.code === 'THIRD');
      expect((await listed()).usedCount).toBe(0);
      expect((await payWithCard(t, answer.checkoutId, '4242424242424242')).statusCode).toBe(303);
      const order = (await ordersOf(t, store.id)).find((candidate) => candidate.checkoutId === answer.checkoutId);
      expect(order?.amountCents).toBe(1340);
      expect((await listed()).usedCount).toBe(1);
    });

    it('a fixed amount never takes the price below the code minimum nor the processor minimum', async () => {
      const product = await insertProduct(t, store.id, { priceCents: 1000 });
      await codeId('BIGCUT', { kind: 'amount', value: 5000 });
      await codeId('FLOORED', { kind: 'amount', value: 900, minPriceCents: 400 });
      const price = async (code: string) =>
        (await callFunction(t.app, 'previewDiscount', { storeId: store.id, productId: product.id, code })).json().result.discountedCents;
      expect(await price('BIGCUT')).toBe(50);
      expect(await price('FLOORED')).toBe(400);
    });

    it('unknown, inactive, expired and other stores’ codes answer alike; product-bound codes only for their product', async () => {
      const product = await insertProduct(t, store.id, { priceCents: 1000 });
      const other = await insertProduct(t, store.id, { priceCents: 1000 });
      await codeId('SLEEPING', { active: false });
      const expiring = await codeId('EXPIRING', { expiresAt: new Date(Date.now() + 60_000).toISOString() });
      await t.db.update(discountCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(discountCodes.id, expiring));
      await create({ code: 'MALLORYS' }, mallory, malloryStore.id);
      await codeId('ONLYONE', { productId: product.id });
      for (const code of ['NOPE', 'SLEEPING', 'EXPIRING', 'MALLORYS']) {
        const reply = await checkoutCall(t, { storeId: store.id, productId: product.id, discountCode: code });
        expect(errorOf(reply)).toMatchObject({ status: 'INVALID_ARGUMENT', message: DISCOUNT_MESSAGES.notValid });
      }
      const wrongProduct = await checkoutCall(t, { storeId: store.id, productId: other.id, discountCode: 'ONLYONE' });
      expect(errorOf(wrongProduct)).toMatchObject({ message: DISCOUNT_MESSAGES.notForProduct });
      expect((await checkoutCall(t, { storeId: store.id, productId: product.id, discountCode: 'ONLYONE' })).statusCode).toBe(200);
      const free = await insertProduct(t, store.id, { priceMode: 'free', priceCents: 0 });
      await codeId('ANYPROD');
      expect(errorOf(await checkoutCall(t, { storeId: store.id, productId: free.id, discountCode: 'ANYPROD' }))).toMatchObject({ message: DISCOUNT_MESSAGES.notForProduct });
    });

    it('10 parallel buyers on a code with 5 uses: 5 checkouts, the other 5 refused before payment', async () => {
      const product = await insertProduct(t, store.id, { priceCents: 3000 });
      const id = await codeId('FIVE', { maxUses: 5 });
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, index) => checkoutCall(t, { storeId: store.id, productId: product.id, discountCode: 'FIVE', email: `rush-${index}@example.com` })),
      );
      const ok = replies.filter((reply) => reply.statusCode === 200);
      expect(ok).toHaveLength(5);
      for (const refused of replies.filter((reply) => reply.statusCode !== 200)) {
        expect(errorOf(refused)).toMatchObject({ status: 'FAILED_PRECONDITION', message: DISCOUNT_MESSAGES.usedUp });
      }
      expect(await t.db.select().from(discountRedemptions).where(eq(discountRedemptions.discountId, id))).toHaveLength(5);
      await Promise.all(ok.map((reply) => payWithCard(t, reply.json().result.checkoutId, '4242424242424242')));
      const listed = (await callFunction(t.app, 'listDiscountCodes', { storeId: store.id }, { as: creator })).json().result.codes;
      expect(listed.find((code: { id: string }) => code.id === id).usedCount).toBe(5);
    });

    it('an expired checkout gives its held use back', async () => {
      const product = await insertProduct(t, store.id, { priceCents: 3000 });
      await codeId('ONCE', { maxUses: 1 });
      const held = await startCheckout(t, { storeId: store.id, productId: product.id, discountCode: 'ONCE', email: 'slow@example.com' });
      expect(errorOf(await checkoutCall(t, { storeId: store.id, productId: product.id, discountCode: 'ONCE', email: 'next@example.com' }))).toMatchObject({
        message: DISCOUNT_MESSAGES.usedUp,
      });
      await t.db.update(checkouts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(checkouts.id, held.checkoutId));
      expect((await checkoutCall(t, { storeId: store.id, productId: product.id, discountCode: 'ONCE', email: 'next@example.com' })).statusCode).toBe(200);
    });

    it('the per-buyer limit counts the email, whatever its case', async () => {
      const product = await insertProduct(t, store.id, { priceCents: 3000 });
      await codeId('PERBUYER', { maxUsesPerEmail: 1 });
      await startCheckout(t, { storeId: store.id, productId: product.id, discountCode: 'PERBUYER', email: 'same@example.com' });
      const again = await checkoutCall(t, { storeId: store.id, productId: product.id, discountCode: 'PERBUYER', email: 'SAME@example.com' });
      expect(errorOf(again)).toMatchObject({ status: 'FAILED_PRECONDITION', message: DISCOUNT_MESSAGES.usedByEmail });
      expect((await checkoutCall(t, { storeId: store.id, productId: product.id, discountCode: 'PERBUYER', email: 'other@example.com' })).statusCode).toBe(200);
    });

    it('a retried checkout with the same idempotency key holds one use, not two', async () => {
      const product = await insertProduct(t, store.id, { priceCents: 3000 });
      const id = await codeId('RETRY', { maxUses: 2 });
      const data = { storeId: store.id, productId: product.id, discountCode: 'RETRY', email: 'retry@example.com', idempotencyKey: 'retry-key-123456' };
      const [first, second] = await Promise.all([checkoutCall(t, data), checkoutCall(t, data)]);
      expect(first.json().result.checkoutId).toBe(second.json().result.checkoutId);
      expect(await t.db.select().from(discountRedemptions).where(eq(discountRedemptions.discountId, id))).toHaveLength(1);
    });

    it('previewing a draft or another store’s product answers not for sale', async () => {
      const draft = await insertProduct(t, store.id, { priceCents: 3000, status: 'draft' });
      const theirs = await insertProduct(t, malloryStore.id, { priceCents: 3000 });
      for (const productId of [draft.id, theirs.id]) {
        const reply = await callFunction(t.app, 'previewDiscount', { storeId: store.id, productId, code: 'SPRING20' });
        expect(errorOf(reply)).toMatchObject({ status: 'NOT_FOUND', message: PRODUCT_MESSAGES.notForSale });
      }
    });
  });
});
