import { MESSAGES, type Product, type StoreStats } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { DASHBOARD_CHANGED_CHANNEL } from '#src/db/dashboard-events.ts';
import { products } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createProductAs, insertOrder, uploadFile } from '#src/testing/products.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { startTwoDashboardServers } from '#src/testing/two-dashboard-servers.ts';

/**
 * Dashboard reads kept in memory per store (http/callable/answer-cache.ts, migration 0029, decision
 * 040): kept bytes are answered; a creator's own change is seen at once; an order or customer
 * (the counters) at once on every server; any other writer's change as soon as its notification
 * arrives, on this server and on a second one; and nobody is ever answered another store's kept answer.
 */
describe('kept dashboard answers', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let owner: TestCreator;
  let stranger: TestCreator;
  let storeId: string;
  let strangerStoreId: string;
  let product: Product;

  let close: () => Promise<void>;

  beforeAll(async () => {
    // A second server on the same database: its own memory and its own LISTEN connection.
    ({ t, second, close } = await startTwoDashboardServers());
    owner = await signedInCreator(t);
    stranger = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'kept-answers')).id;
    strangerStoreId = (await createStoreAs(t, stranger, 'kept-answers-other')).id;
    product = await createProductAs(t, owner, storeId, { title: 'First title' });
  });
  afterAll(async () => {
    await close?.();
  });

  const call = async (app: FastifyInstance, who: TestCreator, name: string, data: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const response = await callFunction(app, name, data, { as: who, headers });
    if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
    return response.json().result;
  };
  const titles = async (app: FastifyInstance, who = owner) =>
    ((await call(app, who, 'listProducts', { storeId })) as { products: Product[] }).products.map((p) => p.title);
  const stats = (app: FastifyInstance) => call(app, owner, 'getStoreStats', { storeId }) as Promise<StoreStats>;
  /**
   * Every notification sent so far has reached both servers: each keeps a throwaway answer, and
   * once a notification sent now has dropped it, the earlier ones were handled before it.
   */
  async function settle(): Promise<void> {
    const owner = { storeId: 'store_settle', creatorId: 'usr_settle', scope: 'store' as const, version: '' };
    for (const app of [t.app, second]) await app.dashboardAnswers.fill('settle', owner, async () => '{}');
    await t.db.execute(sql`select pg_notify(${DASHBOARD_CHANGED_CHANNEL}, 'store_settle')`);
    for (const app of [t.app, second]) await expect.poll(() => app.dashboardAnswers.peek('settle', '')).toBeUndefined();
  }
  /** A change no trigger announces: only memory can still answer what was before it. */
  const renameSilently = (title: string) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(products).set({ title }).where(eq(products.id, product.id));
    });

  it('answers the kept bytes: a change the database does not announce stays unseen', async () => {
    await settle();
    expect(await titles(t.app)).toEqual(['First title']);
    await renameSilently('Unannounced title');
    expect(await titles(t.app)).toEqual(['First title']);
    // The second server kept nothing yet, so it reads the rows as they are.
    expect(await titles(second)).toEqual(['Unannounced title']);
    // Any announced change of the store drops what both servers kept.
    await t.db.update(products).set({ title: 'Announced title' }).where(eq(products.id, product.id));
    await expect.poll(() => titles(t.app)).toEqual(['Announced title']);
    await expect.poll(() => titles(second)).toEqual(['Announced title']);
  });

  it("shows the creator's own change at once on this server, and on the second server once notified", async () => {
    expect(await titles(t.app)).toEqual(['Announced title']);
    expect(await titles(second)).toEqual(['Announced title']);
    await call(t.app, owner, 'updateProduct', { storeId, productId: product.id, title: 'Edited title' });
    // No waiting: the write dropped this creator's kept answers before it answered.
    expect(await titles(t.app)).toEqual(['Edited title']);
    await expect.poll(() => titles(second)).toEqual(['Edited title']);
  });

  it('shows a file the creator uploads (not a function call) at once on this server, and on the second once notified', async () => {
    const files = async (app: FastifyInstance) =>
      ((await call(app, owner, 'listProducts', { storeId })) as { products: Product[] }).products[0]!.files.map((f) => f.name);
    expect([await files(t.app), await files(second)]).toEqual([[], []]);
    expect((await uploadFile(t, owner, { storeId, productId: product.id }, Buffer.from('pdf bytes'))).statusCode).toBe(201);
    expect(await files(t.app)).toEqual(['guide.pdf']);
    await expect.poll(() => files(second)).toEqual(['guide.pdf']);
  });

  it('shows an order written by anyone else (a checkout) at once on both servers: it changes the counters read with the session', async () => {
    const sales = async (app: FastifyInstance) => ((await call(app, owner, 'listProducts', { storeId })) as { products: Product[] }).products[0]!.salesCount;
    const before = await stats(t.app);
    expect((await stats(second)).orders).toBe(before.orders);
    expect([await sales(t.app), await sales(second)]).toEqual([0, 0]);
    await insertOrder(t, storeId, product.id);
    expect((await stats(t.app)).orders).toBe(before.orders + 1);
    expect((await stats(second)).orders).toBe(before.orders + 1);
    expect((await stats(t.app)).customers).toBe(before.customers + 1);
    expect([await sales(t.app), await sales(second)]).toEqual([1, 1]);
  });

  it("never answers another creator with a store's kept answer: foreign ids answer like missing ones", async () => {
    const kept = await titles(t.app);
    expect(kept).toEqual(['Edited title']);
    await call(t.app, owner, 'getAnalyticsOverview', { storeId, period: '30d' });
    await stats(t.app);
    const missing = newId('store');
    for (const [name, extra] of [
      ['listProducts', {}],
      ['getStoreStats', {}],
      ['getAnalyticsOverview', { period: '30d' }],
    ] as const) {
      const foreign = await callFunction(t.app, name, { storeId, ...extra }, { as: stranger });
      const unknown = await callFunction(t.app, name, { storeId: missing, ...extra }, { as: stranger });
      expect(foreign.statusCode).toBe(404);
      expect(errorOf(foreign)).toEqual(errorOf(unknown));
      expect(errorOf(foreign).message).toBe(MESSAGES.stores.notFound);
    }
    // The stranger's own store answers its own rows, not the kept ones of the same key shape.
    const own = (await call(t.app, stranger, 'listProducts', { storeId: strangerStoreId })) as { products: Product[] };
    expect(own.products).toEqual([]);
  });

  it('sends the kept answer in the encoding asked for, the same bytes each time', async () => {
    const plain = await callFunction(t.app, 'listProducts', { storeId }, { as: owner });
    // Enough products for an answer worth compressing (over 1 KB).
    for (const title of ['Extra one', 'Extra two', 'Extra three']) await createProductAs(t, owner, storeId, { title });
    const identity = await callFunction(t.app, 'listProducts', { storeId }, { as: owner });
    expect(identity.body).not.toBe(plain.body);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/Accept-Encoding/i);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const first = await callFunction(t.app, 'listProducts', { storeId }, { as: owner, headers: { 'accept-encoding': encoding } });
      const again = await callFunction(t.app, 'listProducts', { storeId }, { as: owner, headers: { 'accept-encoding': encoding } });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(decode(first.rawPayload).toString('utf8')).toBe(identity.body);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });
});
