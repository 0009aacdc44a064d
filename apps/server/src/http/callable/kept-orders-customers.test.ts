import { MESSAGES, type Customer, type Order } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { DASHBOARD_CHANGED_CHANNEL } from '#src/db/dashboard-events.ts';
import { customers, downloadEvents, orderItems, orderRefunds, orders, productFiles } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createProductAs, insertOrder, uploadFile } from '#src/testing/products.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { startTwoDashboardServers } from '#src/testing/two-dashboard-servers.ts';

/**
 * The orders page and the customer search kept per store (functions/kept-answers.ts, migration
 * 0030): orders and customers notify nothing, so every write to what these answers show (an order,
 * a customer's edit, a refund, an order line, a download) changes the store's counter rows, read
 * with each call's session. Two servers on one database: what one kept is never answered after
 * such a write, by anyone, on either server; a write no trigger sees (triggers off) stays unseen.
 */
describe('kept orders page and customer search', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let owner: TestCreator;
  let stranger: TestCreator;
  let storeId: string;
  let productId: string;
  let fileId: string;
  let orderId: string;
  let customerId: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // A second server on the same database: its own memory and its own LISTEN connection.
    ({ t, second, close } = await startTwoDashboardServers());
    owner = await signedInCreator(t);
    stranger = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'kept-orders')).id;
    await createStoreAs(t, stranger, 'kept-orders-other');
    productId = (await createProductAs(t, owner, storeId, { title: 'Riso Zine' })).id;
    expect((await uploadFile(t, owner, { storeId, productId }, Buffer.from('pdf bytes'))).statusCode).toBe(201);
    fileId = (await t.db.select({ id: productFiles.id }).from(productFiles).where(eq(productFiles.productId, productId)))[0]!.id;
    orderId = await insertOrder(t, storeId, productId);
    customerId = (await t.db.select({ id: orders.customerId }).from(orders).where(eq(orders.id, orderId)))[0]!.id;
  });
  afterAll(async () => {
    await close?.();
  });

  const call = async (app: FastifyInstance, name: string, data: Record<string, unknown>) => {
    const response = await callFunction(app, name, data, { as: owner });
    if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
    return response.json().result;
  };
  const page = async (app: FastifyInstance) => ((await call(app, 'listOrders', { storeId })) as { orders: Order[] }).orders;
  const found = async (app: FastifyInstance) => ((await call(app, 'searchStoreCustomers', { storeId, query: 'buy' })) as { customers: Customer[] }).customers;
  const oldest = async (app: FastifyInstance) => (await page(app)).find((order) => order.id === orderId)!;
  const both = async <T>(read: (app: FastifyInstance) => Promise<T>) => [await read(t.app), await read(second)];

  /** Every notification sent so far (the setup's product and file) has reached both servers. */
  async function settle(): Promise<void> {
    const kept = { storeId: 'store_settle', creatorId: 'usr_settle', scope: 'store' as const, version: '' };
    for (const app of [t.app, second]) await app.dashboardAnswers.fill('settle', kept, async () => '{}');
    await t.db.execute(sql`select pg_notify(${DASHBOARD_CHANGED_CHANNEL}, 'store_settle')`);
    for (const app of [t.app, second]) await expect.poll(() => app.dashboardAnswers.peek('settle', '')).toBeUndefined();
  }
  /** A customer's rename with the triggers off: nothing tells any server, so only a kept answer still shows the old name. */
  const renameSilently = (name: string) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(customers).set({ name }).where(eq(customers.id, customerId));
    });

  it('keeps both answers on each server: a write nothing announces stays unseen, an order anyone writes is seen at once', async () => {
    await settle();
    expect((await both(page)).map((orders) => orders.map((o) => o.customer.name))).toEqual([['Buyer'], ['Buyer']]);
    expect((await both(found)).map((list) => list.map((c) => c.name))).toEqual([['Buyer'], ['Buyer']]);
    await renameSilently('Buyer Unannounced');
    expect((await both(page)).map((orders) => orders.map((o) => o.customer.name))).toEqual([['Buyer'], ['Buyer']]);
    expect((await both(found)).map((list) => list.map((c) => c.name))).toEqual([['Buyer'], ['Buyer']]);
    await insertOrder(t, storeId, productId);
    // No waiting: the order changed the counter rows both servers read with the session.
    for (const orders of await both(page)) expect(orders.map((o) => o.customer.name).sort()).toEqual(['Buyer', 'Buyer Unannounced']);
    for (const list of await both(found)) expect(list.map((c) => c.name).sort()).toEqual(['Buyer', 'Buyer Unannounced']);
  });

  it("shows a customer's edit by anyone else (the members area, an unsubscribe) at once on both servers", async () => {
    await both(page);
    await both(found);
    await t.db.update(customers).set({ name: 'Buyer Renamed', marketingWithdrawnAt: new Date() }).where(eq(customers.id, customerId));
    for (const order of await both(oldest)) expect(order.customer.name).toBe('Buyer Renamed');
    for (const list of await both(found)) {
      const customer = list.find((c) => c.id === customerId)!;
      expect([customer.name, customer.unsubscribedAt === null]).toEqual(['Buyer Renamed', false]);
    }
  });

  it('shows a download, a refund, an order line and any other change of an order at once on both servers', async () => {
    const writes: [string, () => Promise<unknown>, (order: Order) => unknown, unknown][] = [
      ['download', () => t.db.insert(downloadEvents).values({ id: newId('dl'), orderId, fileId, storeId }), (o) => o.downloadCount, 1],
      ['refund', () => t.db.insert(orderRefunds).values({ id: newId('rf'), orderId, storeId, amountCents: 500 }), (o) => o.refunds?.map((r) => r.amountCents), [500]],
      [
        'line',
        () => t.db.insert(orderItems).values({ id: newId('itm'), orderId, storeId, productId, title: 'Bonus print', amountCents: 0, position: 1 }),
        (o) => o.items?.map((i) => i.title),
        ['Bonus print'],
      ],
      ['title', () => t.db.update(orders).set({ productTitle: 'Riso Zine, 2nd ed.' }).where(eq(orders.id, orderId)), (o) => o.product.title, 'Riso Zine, 2nd ed.'],
    ];
    for (const [what, write, pick, after] of writes) {
      const before = (await both(oldest)).map(pick);
      expect(before, what).not.toContainEqual(after);
      await write();
      expect((await both(oldest)).map(pick), what).toEqual([after, after]);
    }
  });

  it("never answers another creator with the store's kept answers: a foreign id answers like a missing one", async () => {
    await both(page);
    await both(found);
    const missing = newId('store');
    for (const [name, extra] of [
      ['listOrders', {}],
      ['searchStoreCustomers', { query: 'buy' }],
    ] as const) {
      const foreign = await callFunction(t.app, name, { storeId, ...extra }, { as: stranger });
      const unknown = await callFunction(t.app, name, { storeId: missing, ...extra }, { as: stranger });
      expect(foreign.statusCode).toBe(404);
      expect(errorOf(foreign)).toEqual(errorOf(unknown));
      expect(errorOf(foreign).message).toBe(MESSAGES.stores.notFound);
    }
  });
});
