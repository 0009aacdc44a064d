import { COMMERCE_MESSAGES, MESSAGES, PRODUCT_MESSAGES, type Product } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFiles, products, storeDrafts, stores } from '#src/db/schema/index.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { createStoreAs, envWithDataDir, sampleProfile } from '#src/testing/stores.ts';
import { createProductAs, insertOrder, uploadFile } from '#src/testing/products.ts';
import { tickingClock } from '#src/testing/clock.ts';
import { callFunction, errorOf, seen } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';

describe('listProducts, reorderProducts, deleteProduct, deleteProductFile', () => {
  let t: TestApp;
  let cleanup: () => void;
  let stranger: TestCreator;
  let strangerStore: string;
  let strangerProduct: Product;

  beforeAll(async () => {
    const setup = envWithDataDir();
    cleanup = setup.cleanup;
    t = await createTestApp({ env: setup.env, now: tickingClock() });
    stranger = await signedInCreator(t);
    strangerStore = (await createStoreAs(t, stranger, 'other-list')).id;
    strangerProduct = await createProductAs(t, stranger, strangerStore);
  });
  afterAll(async () => {
    await t?.close();
    cleanup?.();
  });

  let storeCount = 0;
  /** Each test gets its own store: a fresh creator (free plan: one store each). */
  async function freshStore() {
    const owner = await signedInCreator(t);
    const store = await createStoreAs(t, owner, `ivy-list-${++storeCount}`);
    return { owner, storeId: store.id };
  }
  const list = async (who: TestCreator, storeId: string, includeArchived?: boolean) => {
    const response = await callFunction(t.app, 'listProducts', { storeId, ...(includeArchived === undefined ? {} : { includeArchived }) }, { as: who });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json().result as { products: Product[]; currency: string };
  };
  const version = async (storeId: string) => (await t.db.select().from(stores).where(eq(stores.id, storeId)))[0]!.version;
  const upload = (who: TestCreator, storeId: string, productId: string, body = 'bytes') =>
    uploadFile(t, who, { storeId, productId }, Buffer.from(body)).then((response) => response.json() as Product);

  it('lists the layout order first, then the others newest first, with positions and paid sales', async () => {
    const { owner, storeId } = await freshStore();
    const a = await createProductAs(t, owner, storeId, { title: 'A' });
    const b = await createProductAs(t, owner, storeId, { title: 'B' });
    await createProductAs(t, owner, storeId, { title: 'C' });
    const d = await createProductAs(t, owner, storeId, { title: 'D' });
    await t.db.update(stores).set({ productLayout: { order: [b.id, 'prd_gone', a.id], hidden: [] } }).where(eq(stores.id, storeId));
    await insertOrder(t, storeId, a.id);
    await insertOrder(t, storeId, a.id);
    await insertOrder(t, storeId, a.id, 'refunded');
    const listed = await list(owner, storeId);
    expect(listed.currency).toBe('USD');
    expect(listed.products.map((p) => [p.title, p.position, p.salesCount])).toEqual([
      ['B', 0, 0],
      ['A', 1, 2],
      ['D', 2, 0],
      ['C', 3, 0],
    ]);
    const got = await callFunction(t.app, 'getProduct', { storeId, productId: d.id }, { as: owner });
    expect(got.json().result).toEqual(listed.products[2]);
    expect(listed.products.some((p) => p.id === strangerProduct.id)).toBe(false);
  });

  it('reorders: writes the live layout (keeping hidden) and the draft, bumps the version', async () => {
    const { owner, storeId } = await freshStore();
    const [a, b, c] = [
      await createProductAs(t, owner, storeId, { title: 'A' }),
      await createProductAs(t, owner, storeId, { title: 'B' }),
      await createProductAs(t, owner, storeId, { title: 'C' }),
    ];
    await t.db.update(stores).set({ productLayout: { order: [], hidden: [b.id] } }).where(eq(stores.id, storeId));
    await callFunction(t.app, 'saveStoreDraft', { storeId, profile: sampleProfile({ name: 'Draft name', productLayout: { order: [], hidden: [c.id] } }) }, { as: owner });
    const before = await version(storeId);

    const response = await callFunction(t.app, 'reorderProducts', { storeId, productIds: [c.id, a.id, b.id] }, { as: owner });
    expect(response.json().result).toEqual({ productIds: [c.id, a.id, b.id] });
    const [store] = await t.db.select().from(stores).where(eq(stores.id, storeId));
    expect(store!.productLayout).toEqual({ order: [c.id, a.id, b.id], hidden: [b.id] });
    expect(store!.version).toBeGreaterThan(before);
    const [draft] = await t.db.select().from(storeDrafts).where(eq(storeDrafts.storeId, storeId));
    expect(draft!.data).toMatchObject({ name: 'Draft name', productLayout: { order: [c.id, a.id, b.id], hidden: [c.id] } });
    expect((await list(owner, storeId)).products.map((p) => p.title)).toEqual(['C', 'A', 'B']);
    // Publishing the draft keeps the new order.
    await callFunction(t.app, 'publishStoreDraft', { storeId }, { as: owner });
    expect((await list(owner, storeId)).products.map((p) => p.title)).toEqual(['C', 'A', 'B']);
  });

  it('refuses a list that is not exactly the live products, each once', async () => {
    const { owner, storeId } = await freshStore();
    const a = await createProductAs(t, owner, storeId);
    const b = await createProductAs(t, owner, storeId);
    const before = await t.db.select().from(stores).where(eq(stores.id, storeId));
    for (const productIds of [[a.id], [a.id, b.id, a.id], [a.id, a.id], [a.id, b.id, strangerProduct.id], [a.id, strangerProduct.id], []]) {
      const response = await callFunction(t.app, 'reorderProducts', { storeId, productIds }, { as: owner });
      expect([response.statusCode, errorOf(response).message]).toEqual([400, PRODUCT_MESSAGES.reorderMismatch]);
    }
    expect(await t.db.select().from(stores).where(eq(stores.id, storeId))).toEqual(before);
    expect((await callFunction(t.app, 'reorderProducts', { storeId, productIds: [b.id, a.id] }, { as: owner })).statusCode).toBe(200);
  });

  it('deletes a product without orders with its files, from the database and the storage', async () => {
    const { owner, storeId } = await freshStore();
    const product = await createProductAs(t, owner, storeId);
    const withFiles = await upload(owner, storeId, product.id, 'one');
    await upload(owner, storeId, product.id, 'two');
    await t.db.update(stores).set({ productLayout: { order: [product.id], hidden: [product.id] } }).where(eq(stores.id, storeId));
    const [file] = await t.db.select().from(productFiles).where(eq(productFiles.id, withFiles.files[0]!.id));
    const before = await version(storeId);

    const response = await callFunction(t.app, 'deleteProduct', { storeId, productId: product.id }, { as: owner });
    expect(response.json().result).toEqual({ deleted: true, archived: false });
    expect(await t.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
    expect(await t.db.select().from(productFiles).where(eq(productFiles.productId, product.id))).toEqual([]);
    expect(await storageFromEnv(t.env).get(file!.storageKey)).toBeNull();
    const [store] = await t.db.select().from(stores).where(eq(stores.id, storeId));
    expect(store!.productLayout).toEqual({ order: [], hidden: [] });
    expect(store!.version).toBeGreaterThan(before);
    const again = await callFunction(t.app, 'getProduct', { storeId, productId: product.id }, { as: owner });
    expect([again.statusCode, errorOf(again).message]).toEqual([404, PRODUCT_MESSAGES.productNotFound]);
  });

  it('archives a product that has an order: files stay, it leaves the list and the reorder set', async () => {
    const { owner, storeId } = await freshStore();
    const product = await createProductAs(t, owner, storeId);
    const other = await createProductAs(t, owner, storeId);
    const withFile = await upload(owner, storeId, product.id);
    await callFunction(t.app, 'updateProduct', { storeId, productId: product.id, status: 'published' }, { as: owner });
    await insertOrder(t, storeId, product.id, 'refunded');

    const response = await callFunction(t.app, 'deleteProduct', { storeId, productId: product.id }, { as: owner });
    expect(response.json().result).toEqual({ deleted: false, archived: true });
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ status: 'archived', archivedAt: expect.any(Date) });
    const [file] = await t.db.select().from(productFiles).where(eq(productFiles.productId, product.id));
    expect((await storageFromEnv(t.env).get(file!.storageKey))?.toString()).toBe('bytes');
    expect(file!.id).toBe(withFile.files[0]!.id);

    expect((await list(owner, storeId)).products.map((p) => p.id)).toEqual([other.id]);
    const all = await list(owner, storeId, true);
    expect(all.products.map((p) => [p.id, p.status, p.position])).toEqual([
      [other.id, 'draft', 0],
      [product.id, 'archived', 1],
    ]);
    expect((await callFunction(t.app, 'reorderProducts', { storeId, productIds: [other.id] }, { as: owner })).statusCode).toBe(200);
    // Deleting it again changes nothing; its files cannot be removed or added.
    expect((await callFunction(t.app, 'deleteProduct', { storeId, productId: product.id }, { as: owner })).json().result).toEqual({ deleted: false, archived: true });
    const removeFile = await callFunction(t.app, 'deleteProductFile', { storeId, productId: product.id, fileId: file!.id }, { as: owner });
    expect(removeFile.statusCode).toBe(400);
    expect((await uploadFile(t, owner, { storeId, productId: product.id }, Buffer.from('x'))).statusCode).toBe(400);
  });

  it('deletes one file, but never the last file of a published download', async () => {
    const { owner, storeId } = await freshStore();
    const product = await createProductAs(t, owner, storeId);
    await upload(owner, storeId, product.id, 'one');
    const both = await upload(owner, storeId, product.id, 'two');
    await callFunction(t.app, 'updateProduct', { storeId, productId: product.id, status: 'published' }, { as: owner });
    const [first, second] = both.files;
    const [firstRow] = await t.db.select().from(productFiles).where(eq(productFiles.id, first!.id));

    const removed = await callFunction(t.app, 'deleteProductFile', { storeId, productId: product.id, fileId: first!.id }, { as: owner });
    expect(removed.statusCode).toBe(200);
    expect((removed.json().result as Product).files.map((f) => f.id)).toEqual([second!.id]);
    expect(await storageFromEnv(t.env).get(firstRow!.storageKey)).toBeNull();

    const last = await callFunction(t.app, 'deleteProductFile', { storeId, productId: product.id, fileId: second!.id }, { as: owner });
    expect([last.statusCode, errorOf(last).message]).toEqual([400, PRODUCT_MESSAGES.publishNeedsFile]);
    await callFunction(t.app, 'updateProduct', { storeId, productId: product.id, status: 'draft' }, { as: owner });
    expect((await callFunction(t.app, 'deleteProductFile', { storeId, productId: product.id, fileId: second!.id }, { as: owner })).statusCode).toBe(200);
  });

  it('answers foreign stores, products and files exactly like missing ones', async () => {
    const { owner, storeId } = await freshStore();
    const mine = await createProductAs(t, owner, storeId);
    const theirs = await createProductAs(t, stranger, strangerStore);
    const theirFile = (await upload(stranger, strangerStore, theirs.id)).files[0]!;
    const missingStore = 'store_doesnotexist00000000';
    const missingProduct = 'prd_doesnotexist00000000';
    const same = async (name: string, foreign: Record<string, unknown>, missing: Record<string, unknown>, message: string) => {
      const a = await callFunction(t.app, name, foreign, { as: owner });
      const b = await callFunction(t.app, name, missing, { as: owner });
      expect([a.statusCode, errorOf(a).message], name).toEqual([404, message]);
      expect(seen(a), name).toEqual(seen(b));
    };
    await same('listProducts', { storeId: strangerStore }, { storeId: missingStore }, MESSAGES.stores.notFound);
    await same('reorderProducts', { storeId: strangerStore, productIds: [theirs.id] }, { storeId: missingStore, productIds: [theirs.id] }, MESSAGES.stores.notFound);
    await same('deleteProduct', { storeId: strangerStore, productId: theirs.id }, { storeId: missingStore, productId: theirs.id }, MESSAGES.stores.notFound);
    await same('deleteProduct', { storeId, productId: theirs.id }, { storeId, productId: missingProduct }, PRODUCT_MESSAGES.productNotFound);
    await same(
      'deleteProductFile',
      { storeId, productId: theirs.id, fileId: theirFile.id },
      { storeId, productId: missingProduct, fileId: theirFile.id },
      PRODUCT_MESSAGES.productNotFound,
    );
    // Their file through my own product: file not found, like a made-up file id.
    await same(
      'deleteProductFile',
      { storeId, productId: mine.id, fileId: theirFile.id },
      { storeId, productId: mine.id, fileId: 'file_doesnotexist00000000' },
      COMMERCE_MESSAGES.fileNotFound,
    );
    await same(
      'deleteProductFile',
      { storeId: strangerStore, productId: theirs.id, fileId: theirFile.id },
      { storeId: missingStore, productId: theirs.id, fileId: theirFile.id },
      MESSAGES.stores.notFound,
    );
    const stillThere = await callFunction(t.app, 'getProduct', { storeId: strangerStore, productId: theirs.id }, { as: stranger });
    expect(stillThere.json().result.files).toHaveLength(1);
  });
});
