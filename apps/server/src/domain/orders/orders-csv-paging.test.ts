import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCustomer, seedOrder, seedProduct, seedStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { ordersCsvStream } from './orders-csv-stream.ts';

/** The export reads by keyset in pages (1,000 rows in production); small pages here cross every edge. */
describe('ordersCsvStream paging', () => {
  let t: TestApp;
  let storeId: string;
  const newestFirst: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const shop = await seedStore(t);
    const rival = await seedStore(t);
    storeId = shop.id;
    const product = await seedProduct(t, shop.id);
    const buyer = await seedCustomer(t, shop.id);
    const at = ['2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z', '2030-01-02T00:00:00Z', '2030-01-03T00:00:00Z', '2030-01-04T00:00:00Z'];
    const ids = [];
    for (const createdAt of at) ids.push((await seedOrder(t, { storeId, productId: product.id, customerId: buyer.id, createdAt: new Date(createdAt) })).id);
    // Same instant: the id breaks the tie, descending.
    const [a, b] = [ids[1]!, ids[2]!].sort().reverse();
    newestFirst.push(ids[4]!, ids[3]!, a!, b!, ids[0]!);
    const rivalProduct = await seedProduct(t, rival.id);
    await seedOrder(t, { storeId: rival.id, productId: rivalProduct.id, customerId: (await seedCustomer(t, rival.id)).id, createdAt: new Date(at[1]!) });
  });
  afterAll(() => t?.close());

  const exportedIds = async (pageRows: number) =>
    (await text(ordersCsvStream(t.db, { storeId }, { pageRows })))
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]);

  it.each([1, 2, 4, 5, 6])('pages of %i row(s) export every order once, newest first, and no other store’s', async (pageRows) => {
    expect(await exportedIds(pageRows)).toEqual(newestFirst);
  });
});
