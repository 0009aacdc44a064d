import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { analyticsDaily, analyticsHourly, emailCampaigns, productFiles, products, stores } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { seedCustomer, seedOrder, seedProduct, seedStore } from '#src/testing/orders.ts';
import { ANALYTICS_CHANGED_PREFIX, DASHBOARD_CHANGED_CHANNEL } from './dashboard-events.ts';

/**
 * Migration 0029: the writes that change a kept dashboard answer notify `dashboard_changed` with
 * their store; orders and customers (the counters) notify nothing (decision 040).
 */
describe('dashboard_changed notifications', () => {
  let t: TestApp;
  let listener: pg.Client;
  const received: string[] = [];
  let storeId: string;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp();
    listener = new pg.Client({ connectionString: t.connectionString });
    await listener.connect();
    listener.on('notification', (message) => received.push(message.payload ?? ''));
    await listener.query(`LISTEN ${DASHBOARD_CHANGED_CHANNEL}`);
    storeId = (await seedStore(t)).id;
    productId = (await seedProduct(t, storeId, { files: [{ name: 'a.pdf', bytes: Buffer.from('A') }] })).id;
  });
  afterAll(async () => {
    await listener?.end();
    await t?.close();
  });

  /** Waits until every notification sent so far has arrived (a marker sent now arrives after them). */
  async function settle(): Promise<void> {
    const marker = `marker-${newId('m')}`;
    await t.db.execute(sql`select pg_notify(${DASHBOARD_CHANGED_CHANNEL}, ${marker})`);
    await expect.poll(() => received.includes(marker)).toBe(true);
  }

  /** The payloads one write sends, and nothing an earlier write sent. */
  async function sentBy(write: () => Promise<unknown>): Promise<string[]> {
    await settle();
    received.length = 0;
    await write();
    await settle();
    return received.filter((payload) => !payload.startsWith('marker-'));
  }

  it('a product, its files, the store row and an email campaign notify their store', async () => {
    expect(await sentBy(() => t.db.update(products).set({ title: 'Renamed' }).where(eq(products.id, productId)))).toEqual([storeId]);
    expect(await sentBy(() => t.db.delete(productFiles).where(eq(productFiles.productId, productId)))).toEqual([storeId]);
    expect(await sentBy(() => t.db.update(stores).set({ currency: 'EUR' }).where(eq(stores.id, storeId)))).toEqual([storeId]);
    const campaign = { id: newId('cmp'), storeId, subject: 'Hello', body: [] };
    expect(await sentBy(() => t.db.insert(emailCampaigns).values(campaign))).toEqual([storeId]);
  });

  it('the analytics rollups notify their store’s analytics only', async () => {
    const day = { storeId, day: '2026-11-20', dimension: 'all', value: '' };
    expect(await sentBy(() => t.db.insert(analyticsDaily).values(day))).toEqual([`${ANALYTICS_CHANGED_PREFIX}${storeId}`]);
    const hour = { storeId, hour: new Date('2026-11-20T10:00:00Z'), dimension: 'all', value: '' };
    expect(await sentBy(() => t.db.insert(analyticsHourly).values(hour))).toEqual([`${ANALYTICS_CHANGED_PREFIX}${storeId}`]);
  });

  it('an order and a customer notify nothing: checkouts never queue on the notification lock', async () => {
    const customer = await sentBy(() => seedCustomer(t, storeId));
    expect(customer).toEqual([]);
    const customerId = (await seedCustomer(t, storeId)).id;
    expect(await sentBy(() => seedOrder(t, { storeId, productId, customerId }))).toEqual([]);
  });

  it('one statement over many rows notifies once per store', async () => {
    const other = (await seedStore(t)).id;
    await seedProduct(t, other);
    await seedProduct(t, storeId);
    const sent = await sentBy(() => t.db.update(products).set({ subtitle: 'Same for all' }).where(sql`true`));
    expect(sent.sort()).toEqual([storeId, other].sort());
  });
});
