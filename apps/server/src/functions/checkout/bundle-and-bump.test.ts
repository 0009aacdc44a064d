import { COMMERCE_LIMITS, PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleItems, orderItems, orders, products } from '#src/db/schema/index.ts';
import { fileDownloadUrl, orderAccessUrl } from '#src/domain/delivery/download-tokens.ts';
import { getMyPurchases } from '#src/domain/members/get-my-purchases.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { checkoutCall, insertProduct, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedProduct, seedStore, type SeededFile, type SeededStore } from '#src/testing/orders.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

describe('bundles and order bumps', () => {
  const clock = manualClock(new Date('2030-06-01T10:00:00.000Z'));
  const files = envWithDataDir();
  let t: TestApp;
  let shop: SeededStore;
  let foreign: SeededStore;
  let guide: { id: string; files: SeededFile[] };
  let workbook: { id: string; files: SeededFile[] };
  let bundle: { id: string };
  let foreignProduct: { id: string; files: SeededFile[] };

  beforeAll(async () => {
    t = await createTestApp({ env: files.env, now: clock.now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    foreign = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    guide = await seedProduct(t, shop.id, { title: 'Guide', files: [{ name: 'guide.pdf', bytes: Buffer.from('%PDF guide bytes') }] });
    workbook = await seedProduct(t, shop.id, { title: 'Workbook', files: [{ name: 'workbook.zip', bytes: Buffer.alloc(3000, 9) }] });
    bundle = await seedProduct(t, shop.id, { title: 'Everything bundle' });
    foreignProduct = await seedProduct(t, foreign.id, { title: 'Not yours', files: [{ name: 'x.pdf', bytes: Buffer.from('x') }] });
  });
  afterAll(async () => {
    await t?.close();
    files.cleanup();
  });

  const update = (productId: string, changes: Record<string, unknown>) =>
    callFunction(t.app, 'updateProduct', { storeId: shop.id, productId, ...changes }, { as: shop.owner });
  const itemsOf = async (productId: string) =>
    (await t.db.select().from(bundleItems).where(eq(bundleItems.bundleProductId, productId))).sort((a, b) => a.position - b.position).map((row) => row.productId);
  const productRow = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
  const soon = () => new Date(clock.now().getTime() + COMMERCE_LIMITS.downloadLinkTtlMs);
  const download = (orderId: string, fileId: string) => t.app.inject({ method: 'GET', url: new URL(fileDownloadUrl(t.env, orderId, fileId, soon())).pathname });
  const accessPage = (orderId: string) => t.app.inject({ method: 'GET', url: new URL(orderAccessUrl(t.env, orderId, soon())).pathname });
  const buy = async (data: Record<string, unknown>) => {
    const { checkoutId } = await startCheckout(t, { storeId: shop.id, ...data });
    expect((await payWithCard(t, checkoutId, '4242 4242 4242 4242')).statusCode).toBe(303);
    const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    return order!;
  };
  const linesOf = async (orderId: string) =>
    (await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).sort((a, b) => a.position - b.position).map((row) => [row.productId, row.title, row.amountCents]);

  describe('building a bundle', () => {
    it('includes two products of the store, in order, and shows them on the product', async () => {
      const response = await update(bundle.id, { bundleProductIds: [workbook.id, guide.id] });
      expect(response.statusCode).toBe(200);
      expect(response.json().result.bundleItems).toEqual([
        { productId: workbook.id, title: 'Workbook', fileCount: 1 },
        { productId: guide.id, title: 'Guide', fileCount: 1 },
      ]);
      expect(await itemsOf(bundle.id)).toEqual([workbook.id, guide.id]);
      expect((await update(bundle.id, { bundleProductIds: [guide.id, workbook.id] })).statusCode).toBe(200);
      expect(await itemsOf(bundle.id)).toEqual([guide.id, workbook.id]);
    });

    it('refuses another store’s product exactly like a missing one, and changes nothing', async () => {
      const foreignAnswer = await update(bundle.id, { bundleProductIds: [guide.id, foreignProduct.id] });
      const missingAnswer = await update(bundle.id, { bundleProductIds: [guide.id, 'prd_00000000000000000000'] });
      expect(foreignAnswer.statusCode).toBe(404);
      expect(foreignAnswer.json()).toEqual(missingAnswer.json());
      expect(foreignAnswer.json().error.message).toBe(PRODUCT_MESSAGES.bundleItemNotFound);
      expect(await itemsOf(bundle.id)).toEqual([guide.id, workbook.id]);
    });

    it('refuses itself, another bundle, a link product and a repeated product', async () => {
      const link = await seedProduct(t, shop.id, { type: 'link', externalUrl: 'https://example.com' });
      const other = await seedProduct(t, shop.id, { title: 'Other bundle' });
      const cases: [string, unknown, string][] = [
        [bundle.id, [bundle.id], PRODUCT_MESSAGES.bundleItemIsSelf],
        [other.id, [bundle.id], PRODUCT_MESSAGES.bundleItemIsBundle],
        [bundle.id, [link.id], PRODUCT_MESSAGES.bundleItemNotDownload],
        [bundle.id, [guide.id, guide.id], PRODUCT_MESSAGES.bundleItemRepeated],
        [guide.id, [workbook.id], PRODUCT_MESSAGES.bundleIsIncluded],
      ];
      for (const [productId, ids, message] of cases) {
        const response = await update(productId, { bundleProductIds: ids });
        expect(response.statusCode, message).toBe(400);
        expect(response.json().error.message).toBe(message);
      }
      expect(await itemsOf(bundle.id)).toEqual([guide.id, workbook.id]);
      expect(await itemsOf(other.id)).toEqual([]);
    });

    it('takes 20 included products and refuses 21', async () => {
      const big = await seedProduct(t, shop.id, { title: 'Big bundle' });
      const many: string[] = [];
      for (let i = 0; i < PRODUCT_LIMITS.bundleItemsMax + 1; i++) many.push((await seedProduct(t, shop.id, { title: `Part ${i}` })).id);
      const refused = await update(big.id, { bundleProductIds: many });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.details.fieldErrors.bundleProductIds).toEqual([PRODUCT_MESSAGES.tooManyBundleItems]);
      expect(await itemsOf(big.id)).toEqual([]);
      expect((await update(big.id, { bundleProductIds: many.slice(0, PRODUCT_LIMITS.bundleItemsMax) })).statusCode).toBe(200);
      expect(await itemsOf(big.id)).toHaveLength(PRODUCT_LIMITS.bundleItemsMax);
    });

    it('publishes a bundle without files of its own only while it includes a product', async () => {
      const lone = await seedProduct(t, shop.id, { title: 'Lone bundle' });
      await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, lone.id));
      const refused = await update(lone.id, { status: 'published' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(PRODUCT_MESSAGES.publishNeedsFile);
      expect((await productRow(lone.id)).status).toBe('draft');
      expect((await update(lone.id, { status: 'published', bundleProductIds: [guide.id] })).statusCode).toBe(200);
      expect((await productRow(lone.id)).status).toBe('published');
    });
  });

  describe('buying a bundle', () => {
    it('grants every included file (identical bytes); a partial refund keeps them, a full refund revokes all', async () => {
      const order = await buy({ productId: bundle.id });
      expect(order.amountCents).toBe(1250);
      const page = await accessPage(order.id);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('guide.pdf');
      expect(page.body).toContain('workbook.zip');
      for (const file of [...guide.files, ...workbook.files]) {
        const response = await download(order.id, file.id);
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(file.bytes)).toBe(true);
      }
      // Another store's file, and a file of a product this order does not grant, stay out of reach.
      expect((await download(order.id, foreignProduct.files[0]!.id)).statusCode).toBe(404);
      const unrelated = await seedProduct(t, shop.id, { files: [{ name: 'unrelated.pdf', bytes: Buffer.from('u') }] });
      await buy({ productId: unrelated.id });
      expect((await download(order.id, unrelated.files[0]!.id)).statusCode).toBe(404);

      // The members library lists the same files for the order.
      const library = await getMyPurchases({ db: t.db, env: t.env, storeId: shop.id, customerId: order.customerId, now: clock.now() });
      const listedFiles = library.purchases.find((purchase) => purchase.orderId === order.id)?.files.map((file) => file.name);
      expect(listedFiles?.sort()).toEqual(['guide.pdf', 'workbook.zip']);

      const partial = await callFunction(t.app, 'refundOrder', { storeId: shop.id, orderId: order.id, amountCents: 250 }, { as: shop.owner });
      expect(partial.statusCode).toBe(200);
      for (const file of [...guide.files, ...workbook.files]) expect((await download(order.id, file.id)).statusCode).toBe(200);

      const rest = await callFunction(t.app, 'refundOrder', { storeId: shop.id, orderId: order.id }, { as: shop.owner });
      expect(rest.json().result.status).toBe('refunded');
      for (const file of [...guide.files, ...workbook.files]) expect((await download(order.id, file.id)).statusCode).toBe(410);
      expect((await accessPage(order.id)).statusCode).toBe(410);
    });
  });

  describe('a bundle changed after it sold', () => {
    it('keeps giving past buyers what they bought; new buyers get the bundle as it is now', async () => {
      const extra = await seedProduct(t, shop.id, { title: 'Extra', files: [{ name: 'extra.pdf', bytes: Buffer.from('extra') }] });
      const edition = await seedProduct(t, shop.id, { title: 'Edition bundle' });
      expect((await update(edition.id, { bundleProductIds: [guide.id, workbook.id] })).statusCode).toBe(200);
      const past = await buy({ productId: edition.id });

      // The creator swaps the workbook for the extra.
      expect((await update(edition.id, { bundleProductIds: [guide.id, extra.id] })).statusCode).toBe(200);
      const recent = await buy({ productId: edition.id });

      expect((await download(past.id, workbook.files[0]!.id)).statusCode).toBe(200);
      expect((await download(past.id, extra.files[0]!.id)).statusCode).toBe(404);
      expect((await accessPage(past.id)).body).toContain('workbook.zip');
      expect((await download(recent.id, extra.files[0]!.id)).statusCode).toBe(200);
      expect((await download(recent.id, workbook.files[0]!.id)).statusCode).toBe(404);
    });
  });

  describe('order bumps', () => {
    let main: { id: string; files: SeededFile[] };
    let addOn: { id: string; files: SeededFile[] };

    beforeAll(async () => {
      main = await seedProduct(t, shop.id, { title: 'Course', files: [{ name: 'course.pdf', bytes: Buffer.from('course') }] });
      addOn = await seedProduct(t, shop.id, { title: 'Templates', files: [{ name: 'templates.zip', bytes: Buffer.from('templates') }] });
    });

    it('sets a bump below the add-on’s own price, above 0; refuses both sides of those limits', async () => {
      expect((await update(main.id, { bumpProductId: addOn.id, bumpPriceCents: 1250 })).json().error.message).toBe(PRODUCT_MESSAGES.bumpPriceNotLower);
      expect((await update(main.id, { bumpProductId: addOn.id, bumpPriceCents: 0 })).json().error.message).toBe(PRODUCT_MESSAGES.bumpPriceTooLow);
      expect((await update(main.id, { bumpProductId: addOn.id })).json().error.message).toBe(PRODUCT_MESSAGES.bumpPriceRequired);
      expect((await update(main.id, { bumpProductId: main.id, bumpPriceCents: 500 })).json().error.message).toBe(PRODUCT_MESSAGES.bumpIsSelf);
      expect((await productRow(main.id)).bumpProductId).toBeNull();
      const set = await update(main.id, { bumpProductId: addOn.id, bumpPriceCents: 1249 });
      expect(set.statusCode).toBe(200);
      expect(set.json().result).toMatchObject({ bumpProductId: addOn.id, bumpPriceCents: 1249 });
      expect((await update(main.id, { bumpPriceCents: 700 })).statusCode).toBe(200);
      expect(await productRow(main.id)).toMatchObject({ bumpProductId: addOn.id, bumpPriceCents: 700 });
    });

    it('refuses another store’s product as the bump exactly like a missing one, row unchanged', async () => {
      const foreignAnswer = await update(main.id, { bumpProductId: foreignProduct.id, bumpPriceCents: 500 });
      const missingAnswer = await update(main.id, { bumpProductId: 'prd_00000000000000000000', bumpPriceCents: 500 });
      expect(foreignAnswer.statusCode).toBe(404);
      expect(foreignAnswer.json()).toEqual(missingAnswer.json());
      expect(await productRow(main.id)).toMatchObject({ bumpProductId: addOn.id, bumpPriceCents: 700 });
    });

    it('ticked: one payment of price + bump, two order lines, both files delivered', async () => {
      const order = await buy({ productId: main.id, orderBump: true });
      expect(order.amountCents).toBe(1250 + 700);
      expect(await linesOf(order.id)).toEqual([
        [main.id, 'Course', 1250],
        [addOn.id, 'Templates', 700],
      ]);
      for (const file of [...main.files, ...addOn.files]) {
        const response = await download(order.id, file.id);
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(file.bytes)).toBe(true);
      }
      const listed = await callFunction(t.app, 'getOrder', { storeId: shop.id, orderId: order.id }, { as: shop.owner });
      expect(listed.json().result.items).toEqual([
        { productId: main.id, title: 'Course', amountCents: 1250 },
        { productId: addOn.id, title: 'Templates', amountCents: 700 },
      ]);
    });

    it('not ticked: one line, the add-on’s files are not delivered', async () => {
      const order = await buy({ productId: main.id });
      expect(order.amountCents).toBe(1250);
      expect(await linesOf(order.id)).toEqual([[main.id, 'Course', 1250]]);
      expect((await download(order.id, addOn.files[0]!.id)).statusCode).toBe(404);
    });

    it('refuses orderBump on a product without a bump, and on one whose bump is unpublished; no checkout is made', async () => {
      const plain = await checkoutCall(t, { storeId: shop.id, productId: guide.id, orderBump: true });
      expect(plain.statusCode).toBe(400);
      expect(plain.json().error.message).toBe(PRODUCT_MESSAGES.bumpUnavailable);
      await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, addOn.id));
      const unpublished = await checkoutCall(t, { storeId: shop.id, productId: main.id, orderBump: true });
      expect(unpublished.json().error.message).toBe(PRODUCT_MESSAGES.bumpUnavailable);
      await t.db.update(products).set({ status: 'published' }).where(eq(products.id, addOn.id));
    });
  });

  describe('exact amounts in 0-, 2- and 3-decimal currencies', () => {
    for (const [currency, price, bumpPrice] of [
      ['JPY', 1500, 999],
      ['USD', 1999, 1],
      ['KWD', 12_345, 2_001],
    ] as const) {
      it(`${currency}: ${price} + ${bumpPrice} minor units`, async () => {
        const mainRow = await insertProduct(t, shop.id, { currency, priceCents: price, title: `Main ${currency}` });
        const addRow = await insertProduct(t, shop.id, { currency, priceCents: bumpPrice + 1, title: `Add ${currency}` });
        await t.db.update(products).set({ bumpProductId: addRow.id, bumpPriceCents: bumpPrice }).where(eq(products.id, mainRow.id));
        const order = await buy({ productId: mainRow.id, orderBump: true });
        expect(order).toMatchObject({ amountCents: price + bumpPrice, currency });
        expect(await linesOf(order.id)).toEqual([
          [mainRow.id, `Main ${currency}`, price],
          [addRow.id, `Add ${currency}`, bumpPrice],
        ]);
      });
    }
  });
});
