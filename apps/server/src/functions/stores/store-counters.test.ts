import type { OrderTotals, Product } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, productCounters, storeCounters } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { insertProduct, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { seedCustomer, seedOrder } from '#src/testing/orders.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

interface Figures {
  customers: number;
  orders: number;
  all: Omit<OrderTotals, 'currency' | 'netCents'>;
  paid: Omit<OrderTotals, 'currency' | 'netCents'>;
  refunded: Omit<OrderTotals, 'currency' | 'netCents'>;
  salesByProduct: Record<string, number>;
}

/**
 * The dashboard's counters are kept on write by triggers (decision 036): after every kind of write
 * the figures the owner sees (getStoreStats, listOrders' totals, each product's paid sales) must be
 * exactly what counting the rows finds.
 */
describe('store counters kept on write agree with a recount', () => {
  let t: TestApp;
  let owner: TestCreator;
  let rivalOwner: TestCreator;
  let storeId: string;
  let storeSlug: string;
  let rivalId: string;
  let paidProduct: string;
  let freeProduct: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInCreator(t, { planId: 'boss' });
    const store = await createStoreAs(t, owner, 'counted-shop');
    storeId = store.id;
    storeSlug = store.slug;
    paidProduct = (await insertProduct(t, storeId, { title: 'Counted zine', priceCents: 1500 })).id;
    freeProduct = (await insertProduct(t, storeId, { type: 'lead-magnet', priceMode: 'free', priceCents: 0, title: 'Free guide' })).id;
    rivalOwner = await signedInCreator(t);
    rivalId = (await createStoreAs(t, rivalOwner, 'counted-rival')).id;
    const rivalProduct = (await insertProduct(t, rivalId)).id;
    const rivalBuyer = await seedCustomer(t, rivalId);
    await seedOrder(t, { storeId: rivalId, productId: rivalProduct, customerId: rivalBuyer.id, amountCents: 700 });
  });
  afterAll(() => t?.close());

  /** What counting every row of the store finds. */
  async function recount(id: string): Promise<Figures> {
    const totals = async (status?: 'paid' | 'refunded') => {
      const rows = await t.db.execute<{ count: string; gross: string; refunded: string }>(
        sql`select count(*) as count, coalesce(sum(amount_cents), 0) as gross, coalesce(sum(refunded_cents), 0) as refunded
              from ${orders} where store_id = ${id} ${status ? sql`and status = ${status}` : sql``}`,
      );
      const row = rows.rows[0]!;
      return { count: Number(row.count), grossCents: Number(row.gross), refundedCents: Number(row.refunded) };
    };
    const [customerCount] = (await t.db.execute<{ n: string }>(sql`select count(*) as n from ${customers} where store_id = ${id}`)).rows;
    const sales = await t.db.execute<{ product_id: string; n: string }>(
      sql`select product_id, count(*) as n from ${orders} where store_id = ${id} and status = 'paid' group by product_id`,
    );
    const all = await totals();
    return {
      customers: Number(customerCount!.n),
      orders: all.count,
      all,
      paid: await totals('paid'),
      refunded: await totals('refunded'),
      salesByProduct: Object.fromEntries(sales.rows.map((row) => [row.product_id, Number(row.n)])),
    };
  }

  /** What the store's owner is shown. */
  async function shown(id: string, as: TestCreator): Promise<Figures> {
    const call = async (name: string, data: Record<string, unknown>) => {
      const response = await callFunction(t.app, name, { storeId: id, ...data }, { as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result;
    };
    const totalsOf = async (status?: 'paid' | 'refunded') => {
      const { count, grossCents, refundedCents } = (await call('listOrders', { limit: 1, ...(status ? { status } : {}) })).totals as OrderTotals;
      return { count, grossCents, refundedCents };
    };
    const stats = await call('getStoreStats', {});
    const products = (await call('listProducts', { includeArchived: true })).products as Product[];
    return {
      customers: stats.customers,
      orders: stats.orders,
      all: await totalsOf(),
      paid: await totalsOf('paid'),
      refunded: await totalsOf('refunded'),
      salesByProduct: Object.fromEntries(products.filter((p) => p.salesCount > 0).map((p) => [p.id, p.salesCount])),
    };
  }

  const agree = async (id = storeId, as = owner) => {
    const counted = await recount(id);
    expect(await shown(id, as)).toEqual(counted);
    return counted;
  };

  const refund = async (orderId: string, amountCents?: number) => {
    const response = await callFunction(t.app, 'refundOrder', { storeId, orderId, ...(amountCents === undefined ? {} : { amountCents }) }, { as: owner });
    expect(response.statusCode, response.body).toBe(200);
  };

  let paidOrderId: string;

  it('counts a paid checkout and a free lead magnet, and none of the rival store’s orders', async () => {
    expect(await agree()).toMatchObject({ customers: 0, orders: 0 });
    const { checkoutId } = await startCheckout(t, { storeId, productId: paidProduct, email: 'paid@example.com' });
    expect((await payWithCard(t, checkoutId, '4242424242424242')).statusCode).toBe(303);
    const free = await startCheckout(t, { storeId, productId: freeProduct, email: 'free@example.com', name: 'Free Reader' });
    expect(free.orderId).toEqual(expect.any(String));

    const counted = await agree();
    expect(counted).toMatchObject({ customers: 2, orders: 2, paid: { count: 2, grossCents: 1500, refundedCents: 0 } });
    expect(counted.salesByProduct).toEqual({ [paidProduct]: 1, [freeProduct]: 1 });
    paidOrderId = (await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId)))[0]!.id;
  });

  it('follows a partial refund (still paid) and then the full refund (moves to refunded)', async () => {
    await refund(paidOrderId, 500);
    expect(await agree()).toMatchObject({ paid: { count: 2, grossCents: 1500, refundedCents: 500 }, refunded: { count: 0 } });

    await refund(paidOrderId);
    const counted = await agree();
    expect(counted).toMatchObject({ orders: 2, paid: { count: 1, grossCents: 0 }, refunded: { count: 1, grossCents: 1500, refundedCents: 1500 } });
    expect(counted.salesByProduct).toEqual({ [freeProduct]: 1 });
  });

  it('counts a contact import as its new contacts only (an existing email is updated, not counted twice)', async () => {
    const csv = 'email,name\npaid@example.com,Paid Again\nnew-1@example.com,New One\nnew-2@example.com,New Two\nnew-3@example.com,New Three';
    const imported = await callFunction(t.app, 'importContacts', { storeId, csv, consentConfirmed: true }, { as: owner });
    expect(imported.json().result).toMatchObject({ create: 3, update: 1 });
    expect(await agree()).toMatchObject({ customers: 5 });
  });

  it('stays true when many writers add orders at once on several connections', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => seedCustomer(t, storeId, { email: `burst-${i}@example.com` })));
    await Promise.all(
      buyers.flatMap((buyer, i) => [
        seedOrder(t, { storeId, productId: paidProduct, customerId: buyer.id, amountCents: 100 + i }),
        seedOrder(t, { storeId, productId: paidProduct, customerId: buyer.id, amountCents: 200 + i, status: 'refunded' }),
      ]),
    );
    expect(await agree()).toMatchObject({ customers: 11, orders: 14 });
  });

  it('follows deleted orders and customers, and a statement that changes many rows at once', async () => {
    const [one] = await t.db.select().from(orders).where(eq(orders.id, paidOrderId));
    await t.db.delete(orders).where(eq(orders.id, one!.id));
    await t.db.delete(customers).where(sql`${customers.storeId} = ${storeId} and ${customers.email} like 'new-%'`);
    await t.db.update(orders).set({ status: 'paid', refundedCents: 0, refundedAt: null }).where(sql`${orders.storeId} = ${storeId} and ${orders.status} = 'refunded'`);
    expect(await agree()).toMatchObject({ customers: 8, orders: 13, refunded: { count: 0 } });
  });

  it('deleting the store takes its counters with it and leaves the rival store’s as they were', async () => {
    const before = await agree(rivalId, rivalOwner);
    expect(before).toMatchObject({ customers: 1, orders: 1, paid: { count: 1, grossCents: 700 } });
    const deleted = await callFunction(t.app, 'deleteStoreAndTenant', { storeId, confirmSlug: storeSlug }, { as: owner });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(storeCounters).where(eq(storeCounters.storeId, storeId))).toEqual([]);
    expect(await t.db.select().from(productCounters).where(eq(productCounters.productId, paidProduct))).toEqual([]);
    expect(await agree(rivalId, rivalOwner)).toEqual(before);
  });
});
