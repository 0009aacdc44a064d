import { COMMERCE_MESSAGES, QUERY_DAY_BOUNDS, QUERY_DAY_OUT_OF_RANGE, type Order } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { downloadEvents, orderItems, orderRefunds } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { seedCustomer, seedOrder, seedProduct, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';

describe('listOrders and getOrder', () => {
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;
  let ids: Record<string, string>;
  let productId: string;
  let fileId: string;

  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedStore(t, { currency: 'EUR' });
    other = await seedStore(t);
    const product = await seedProduct(t, shop.id, { title: 'Live title', files: [{ name: 'a.pdf', bytes: Buffer.from('A') }] });
    productId = product.id;
    fileId = product.files[0]!.id;
    const ada = await seedCustomer(t, shop.id, { name: 'Ada Lovelace', email: 'ada@example.com' });
    const order = (createdAt: string, extra: { amountCents?: number; status?: 'paid' | 'refunded' } = {}) =>
      seedOrder(t, { storeId: shop.id, productId, customerId: ada.id, productTitle: 'Title at purchase', currency: 'EUR', createdAt: at(createdAt), ...extra }).then((o) => o.id);
    ids = {
      beforeRange: await order('2026-11-20T23:59:59.999Z', { amountCents: 100 }),
      firstInstant: await order('2026-11-21T00:00:00.000Z', { amountCents: 200 }),
      lastInstant: await order('2026-11-22T23:59:59.999Z', { amountCents: 400, status: 'refunded' }),
      afterRange: await order('2026-11-23T00:00:00.000Z', { amountCents: 800 }),
      sameInstant: await order('2026-11-21T00:00:00.000Z', { amountCents: 1600 }),
    };
    const otherProduct = await seedProduct(t, other.id);
    const otherCustomer = await seedCustomer(t, other.id);
    ids.foreign = (await seedOrder(t, { storeId: other.id, productId: otherProduct.id, customerId: otherCustomer.id })).id;
    await t.db.insert(downloadEvents).values([ids.firstInstant!, ids.firstInstant!].map((orderId) => ({ id: newId('dl'), orderId, fileId, storeId: shop.id })));
  });
  afterAll(() => t?.close());

  const list = async (input: Record<string, unknown>) => {
    const response = await callFunction(t.app, 'listOrders', { storeId: shop.id, ...input }, { as: shop.owner });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as { orders: Order[]; nextCursor: string | null; totals: Record<string, unknown> };
  };

  it('lists newest first with the product snapshot, the customer and the download count', async () => {
    const { orders, nextCursor } = await list({});
    expect(orders.map((o) => o.id).slice(0, 2)).toEqual([ids.afterRange, ids.lastInstant]);
    expect(orders).toHaveLength(5);
    expect(nextCursor).toBeNull();
    const first = orders.find((o) => o.id === ids.firstInstant)!;
    expect(first).toMatchObject({
      storeId: shop.id,
      status: 'paid',
      provider: 'test',
      amountCents: 200,
      currency: 'EUR',
      product: { id: productId, title: 'Title at purchase', type: 'digital' },
      customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
      downloadCount: 2,
      createdAt: '2026-11-21T00:00:00.000Z',
      refundedAt: null,
    });
  });

  it('includes both edges of a date range: from the first instant of `from` to the last of `to`', async () => {
    const { orders, totals } = await list({ from: '2026-11-21', to: '2026-11-22' });
    expect(new Set(orders.map((o) => o.id))).toEqual(new Set([ids.firstInstant, ids.lastInstant, ids.sameInstant]));
    expect(totals).toEqual({ count: 3, grossCents: 2200, refundedCents: 400, netCents: 1800, currency: 'EUR' });
  });

  it('takes a single day (from = to) and refuses from after to', async () => {
    expect((await list({ from: '2026-11-23', to: '2026-11-23' })).orders.map((o) => o.id)).toEqual([ids.afterRange]);
    const refused = seen(await callFunction(t.app, 'listOrders', { storeId: shop.id, from: '2026-11-23', to: '2026-11-22' }, { as: shop.owner }));
    expect(refused).toMatchObject({ status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: COMMERCE_MESSAGES.invalidDateRange } } });
  });

  it(`answers dates outside ${QUERY_DAY_BOUNDS.min} to ${QUERY_DAY_BOUNDS.max} with 400 and a clear message, never a database error`, async () => {
    for (const range of [{ from: '0000-01-01', to: '0000-01-02' }, { from: '1999-12-31' }, { to: '0000-12-31T00:00:00Z' }]) {
      const refused = seen(await callFunction(t.app, 'listOrders', { storeId: shop.id, ...range }, { as: shop.owner }));
      expect(refused).toMatchObject({ status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: QUERY_DAY_OUT_OF_RANGE } } });
    }
    expect((await list({ from: QUERY_DAY_BOUNDS.min, to: QUERY_DAY_BOUNDS.max })).orders.length).toBeGreaterThan(0);
    const csv = await t.app.inject({ method: 'GET', url: `/api/stores/${shop.id}/orders.csv?from=0000-01-01`, headers: shop.owner.headers });
    expect(csv.statusCode).toBe(400);
  });

  it('filters by status, and totals follow the filter', async () => {
    const refunded = await list({ status: 'refunded' });
    expect(refunded.orders.map((o) => o.id)).toEqual([ids.lastInstant]);
    expect(refunded.totals).toMatchObject({ count: 1, grossCents: 400, refundedCents: 400, netCents: 0 });
    const paid = await list({ status: 'paid' });
    expect(paid.orders).toHaveLength(4);
    expect(paid.totals).toMatchObject({ count: 4, grossCents: 2700, refundedCents: 0, netCents: 2700 });
  });

  it('pages with an opaque cursor: 2 + 2 + 1, no repeats, totals over the whole range on every page', async () => {
    const first = await list({ limit: 2 });
    const second = await list({ limit: 2, cursor: first.nextCursor });
    const third = await list({ limit: 2, cursor: second.nextCursor });
    expect([first.orders.length, second.orders.length, third.orders.length]).toEqual([2, 2, 1]);
    expect(third.nextCursor).toBeNull();
    const all = [...first.orders, ...second.orders, ...third.orders].map((o) => o.id);
    expect(new Set(all).size).toBe(5);
    expect(all.slice(2, 4).sort()).toEqual([ids.firstInstant, ids.sameInstant].sort());
    expect(all[4]).toBe(ids.beforeRange);
    expect(third.totals).toEqual(first.totals);
    expect(first.totals).toMatchObject({ count: 5, grossCents: 3100, refundedCents: 400, netCents: 2700 });
  });

  it('keyset paging at both ends: a page ending on the last order has no cursor; one row short leaves a last page of one', async () => {
    const exact = await list({ limit: 5 });
    expect([exact.orders.length, exact.nextCursor]).toEqual([5, null]);
    const short = await list({ limit: 4 });
    expect(short.orders.map((o) => o.id)).toEqual(exact.orders.slice(0, 4).map((o) => o.id));
    const last = await list({ limit: 4, cursor: short.nextCursor });
    expect([last.orders.map((o) => o.id), last.nextCursor]).toEqual([[ids.beforeRange], null]);
  });

  it('totals without dates (kept on write) and with a range (counted) agree with the orders listed', async () => {
    const everything = await list({ from: '2000-01-01', to: '2099-12-31' });
    expect(everything.totals).toEqual((await list({})).totals);
    for (const status of ['paid', 'refunded'] as const) {
      expect((await list({ status, from: '2000-01-01', to: '2099-12-31' })).totals).toEqual((await list({ status })).totals);
    }
  });

  it('answers the unfiltered list (one statement) exactly as the filtered read over all time: every field, refunds and lines in order', async () => {
    await t.db.insert(orderRefunds).values([
      { id: newId('rf'), orderId: ids.lastInstant!, storeId: shop.id, amountCents: 150, createdAt: at('2026-11-24T10:00:00.000Z') },
      { id: newId('rf'), orderId: ids.lastInstant!, storeId: shop.id, amountCents: 250, createdAt: at('2026-11-23T10:00:00.000Z') },
    ]);
    await t.db.insert(orderItems).values([
      { id: newId('itm'), orderId: ids.afterRange!, storeId: shop.id, productId, title: 'Bump line', amountCents: 300, position: 1 },
      { id: newId('itm'), orderId: ids.afterRange!, storeId: shop.id, productId, title: 'Main line', amountCents: 500, position: 0 },
    ]);
    for (const limit of [2, 5, 50]) {
      let unfiltered = await list({ limit });
      let filtered = await list({ limit, from: '2000-01-01', to: '2099-12-31' });
      expect(unfiltered).toEqual(filtered);
      while (unfiltered.nextCursor) {
        unfiltered = await list({ limit, cursor: unfiltered.nextCursor });
        filtered = await list({ limit, from: '2000-01-01', to: '2099-12-31', cursor: filtered.nextCursor });
        expect(unfiltered).toEqual(filtered);
      }
    }
    const all = await list({});
    expect(all.orders.find((o) => o.id === ids.lastInstant)!.refunds!.map((r) => r.amountCents)).toEqual([250, 150]);
    expect(all.orders.find((o) => o.id === ids.afterRange)!.items!.map((i) => i.title)).toEqual(['Main line', 'Bump line']);
  });

  it('answers an empty store without a filter: no orders, zero totals in its currency', async () => {
    const response = await callFunction(t.app, 'listOrders', { storeId: other.id }, { as: other.owner });
    expect(response.json().result).toMatchObject({ nextCursor: null, totals: { count: 1, grossCents: 1250, refundedCents: 0, netCents: 1250, currency: 'USD' } });
    const empty = await seedStore(t);
    const none = await callFunction(t.app, 'listOrders', { storeId: empty.id }, { as: empty.owner });
    expect(none.json().result).toEqual({ orders: [], nextCursor: null, totals: { count: 0, grossCents: 0, refundedCents: 0, netCents: 0, currency: 'USD' } });
  });

  it('answers an empty store with zero totals in its currency', async () => {
    const response = await callFunction(t.app, 'listOrders', { storeId: other.id, status: 'refunded' }, { as: other.owner });
    expect(response.json().result).toEqual({ orders: [], nextCursor: null, totals: { count: 0, grossCents: 0, refundedCents: 0, netCents: 0, currency: 'USD' } });
  });

  it('gets one order', async () => {
    const response = await callFunction(t.app, 'getOrder', { storeId: shop.id, orderId: ids.lastInstant }, { as: shop.owner });
    expect(response.json().result).toMatchObject({ id: ids.lastInstant, status: 'refunded', refundedAt: '2026-11-22T23:59:59.999Z' });
  });

  describe('foreign ids answer exactly like missing ones', () => {
    const MISSING_STORE = 'store_doesnotexist00000000';
    const MISSING_ORDER = 'ord_doesnotexist00000000';

    it.each(['listOrders', 'getOrder', 'refundOrder'])('%s: another creator’s store', async (name) => {
      const foreign = seen(await callFunction(t.app, name, { storeId: shop.id, ...(name === 'listOrders' ? {} : { orderId: ids.firstInstant }) }, { as: other.owner }));
      const missing = seen(await callFunction(t.app, name, { storeId: MISSING_STORE, ...(name === 'listOrders' ? {} : { orderId: ids.firstInstant }) }, { as: other.owner }));
      expect(foreign.status).toBe(404);
      expect(foreign).toEqual(missing);
    });

    it.each(['getOrder', 'refundOrder'])('%s: another store’s order in my store', async (name) => {
      const foreign = seen(await callFunction(t.app, name, { storeId: shop.id, orderId: ids.foreign }, { as: shop.owner }));
      const missing = seen(await callFunction(t.app, name, { storeId: shop.id, orderId: MISSING_ORDER }, { as: shop.owner }));
      expect(foreign).toMatchObject({ status: 404, body: { error: { message: COMMERCE_MESSAGES.orderNotFound } } });
      expect(foreign).toEqual(missing);
    });

    it('a cursor naming another store’s order gives an empty page, not its neighbours', async () => {
      const { encodeOrderCursor } = await import('#src/domain/orders/list-orders.ts');
      const page = await list({ cursor: encodeOrderCursor(ids.foreign!) });
      expect(page.orders).toEqual([]);
    });

    it('left the first store’s order paid', async () => {
      expect((await list({})).orders.find((o) => o.id === ids.firstInstant)?.status).toBe('paid');
    });
  });
});
