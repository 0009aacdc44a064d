import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, bioDomains, customDomains, emailCampaigns, products, sessions, storeDrafts, stores, tenants, users } from '#src/db/schema/index.ts';
import { writeAnalyticsEvents } from '#src/domain/analytics/ingest/write-analytics-events.ts';
import { storefrontViewRow } from '#src/testing/analytics-events.ts';
import { CONFIRM_SLUG_MESSAGE } from '#src/domain/stores/delete-store.ts';
import { insertBuyer, insertOrder, insertProduct } from '#src/testing/customers.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { createStoreAs, envWithDataDir } from '#src/testing/stores.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { callFunction } from '#src/testing/call-function.ts';

/** A clock that moves a second per call, so stores have distinct creation times. */
function tickingClock(start = Date.parse('2030-05-01T00:00:00Z')) {
  let current = start;
  return () => new Date((current += 1000));
}

describe('getStore, listMyStores, switchActiveStore, deleteStoreAndTenant, tenants, stats', () => {
  let t: TestApp;
  let dataDir: string;
  let cleanup = () => undefined as void;
  let ann: TestCreator;
  const now = tickingClock();

  beforeAll(async () => {
    const setup = envWithDataDir();
    dataDir = setup.dataDir;
    cleanup = setup.cleanup;
    t = await createTestApp({ env: setup.env, now });
    ann = await signedInCreator(t, { planId: 'creator', now: new Date('2030-05-01T00:00:00Z') });
  });
  afterAll(async () => {
    await t?.close();
    cleanup();
  });

  const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('getStore answers the owner with the store and its tenant', async () => {
    const store = await createStoreAs(t, ann, 'ann-get');
    const response = await callFunction(t.app, 'getStore', { storeId: store.id }, { as: ann });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ id: store.id, slug: 'ann-get', tenantId: store.tenantId, creatorId: ann.userId });
    await t.db.delete(stores).where(eq(stores.id, store.id));
  });

  it('lists stores newest first, falls back to the oldest when none is active, and switches', async () => {
    const bo = await signedInCreator(t, { planId: 'creator', now: new Date('2030-05-01T00:00:00Z') });
    const first = await createStoreAs(t, bo, 'bo-first');
    const second = await createStoreAs(t, bo, 'bo-second');
    const list = async () => (await callFunction(t.app, 'listMyStores', {}, { as: bo })).json().result;
    expect((await list()).stores.map((s: { slug: string }) => s.slug)).toEqual(['bo-second', 'bo-first']);
    expect((await list()).activeStoreId).toBe(first.id);

    await t.db.update(users).set({ activeStoreId: null }).where(eq(users.id, bo.userId));
    expect((await list()).activeStoreId).toBe(first.id);

    const switched = await callFunction(t.app, 'switchActiveStore', { storeId: second.id }, { as: bo });
    expect(switched.json().result).toEqual({ activeStoreId: second.id });
    expect((await list()).activeStoreId).toBe(second.id);
    expect((await userRow(bo.userId)).activeStoreId).toBe(second.id);
  });

  it('listMyStores shows only the caller’s stores', async () => {
    const cat = await signedInCreator(t, { now: new Date('2030-05-01T00:00:00Z') });
    expect((await callFunction(t.app, 'listMyStores', null, { as: cat })).json().result).toEqual({ stores: [], activeStoreId: null });
  });

  it('delete needs the typed slug, then removes store, tenant, draft, domains, customer sessions and files, and frees the slug', async () => {
    const dan = await signedInCreator(t, { planId: 'creator', now: new Date('2030-05-01T00:00:00Z') });
    const keep = await createStoreAs(t, dan, 'dan-keep');
    const doomed = await createStoreAs(t, dan, 'dan-doomed');
    await callFunction(t.app, 'switchActiveStore', { storeId: doomed.id }, { as: dan });
    await t.db.insert(storeDrafts).values({ storeId: doomed.id, data: { name: 'draft' } });
    await t.db.insert(customDomains).values({ domain: 'dan-doomed.com', storeId: doomed.id, verifiedAt: new Date() });
    await t.db.insert(bioDomains).values({ fullDomain: 'dan.bio.example.com', storeId: doomed.id });
    await t.db.insert(sessions).values({
      id: 'ses_customer', tokenHash: 'customer-hash', realm: doomed.tenantId, userId: 'cus_1', expiresAt: new Date('2031-01-01'),
    });
    const folder = join(dataDir, 'files', doomed.id);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'avatar-x.png'), 'png');

    await writeAnalyticsEvents(t.db, [storefrontViewRow(doomed.id, '2030-05-01T10:00:00Z'), storefrontViewRow(keep.id, '2030-05-01T10:00:01Z')]);
    const eventsOf = (storeId: string) => t.db.select({ storeId: analyticsEvents.storeId }).from(analyticsEvents).where(eq(analyticsEvents.storeId, storeId));

    const wrong = await callFunction(t.app, 'deleteStoreAndTenant', { storeId: doomed.id, confirmSlug: 'dan-keep' }, { as: dan });
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([400, CONFIRM_SLUG_MESSAGE]);
    expect(await t.db.select().from(stores).where(eq(stores.id, doomed.id))).toHaveLength(1);

    const deleted = await callFunction(t.app, 'deleteStoreAndTenant', { storeId: doomed.id, confirmSlug: 'dan-doomed' }, { as: dan });
    expect(deleted.json().result).toEqual({ deleted: true, activeStoreId: keep.id });
    expect(await t.db.select().from(stores).where(eq(stores.id, doomed.id))).toEqual([]);
    expect(await t.db.select().from(tenants).where(eq(tenants.storeId, doomed.id))).toEqual([]);
    expect(await t.db.select().from(storeDrafts).where(eq(storeDrafts.storeId, doomed.id))).toEqual([]);
    expect(await t.db.select().from(customDomains).where(eq(customDomains.storeId, doomed.id))).toEqual([]);
    expect(await t.db.select().from(bioDomains).where(eq(bioDomains.storeId, doomed.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.realm, doomed.tenantId))).toEqual([]);
    expect(existsSync(folder)).toBe(false);
    // Its analytics events go with it (a trigger on stores: the raw table has no foreign key); the other store keeps its own.
    expect(await eventsOf(doomed.id)).toEqual([]);
    expect(await eventsOf(keep.id)).toEqual([{ storeId: keep.id }]);
    expect(await userRow(dan.userId)).toMatchObject({ storeCount: 1, hasStore: true, activeStoreId: keep.id });

    // The slug is free again, for anyone.
    const eve = await signedInCreator(t, { now: new Date('2030-05-01T00:00:00Z') });
    expect((await callFunction(t.app, 'createStoreWithTenant', { storeName: 'Eve', slug: 'dan-doomed' }, { as: eve })).statusCode).toBe(200);

    const last = await callFunction(t.app, 'deleteStoreAndTenant', { storeId: keep.id, confirmSlug: 'dan-keep' }, { as: dan });
    expect(last.json().result).toEqual({ deleted: true, activeStoreId: null });
    expect(await userRow(dan.userId)).toMatchObject({ storeCount: 0, hasStore: false, activeStoreId: null });
    // Back under the free limit: a new store is allowed again.
    expect((await callFunction(t.app, 'createStoreWithTenant', { storeName: 'Dan again', slug: 'dan-again' }, { as: dan })).statusCode).toBe(200);
  });

  it('tenants: info, delete, then create again; one per store', async () => {
    const fin = await signedInCreator(t, { now: new Date('2030-05-01T00:00:00Z') });
    const store = await createStoreAs(t, fin, 'fin-shop');
    const info = await callFunction(t.app, 'getTenantInfo', { tenantId: store.tenantId }, { as: fin });
    expect(info.json().result).toMatchObject({ id: store.tenantId, storeId: store.id, displayName: 'Store fin-shop' });
    const again = await callFunction(t.app, 'createTenant', { storeId: store.id }, { as: fin });
    expect([again.statusCode, again.json().error.status]).toEqual([409, 'ALREADY_EXISTS']);

    expect((await callFunction(t.app, 'deleteTenant', { tenantId: store.tenantId }, { as: fin })).json().result).toEqual({ deleted: true });
    expect((await callFunction(t.app, 'getTenantInfo', { tenantId: store.tenantId }, { as: fin })).statusCode).toBe(404);
    expect((await callFunction(t.app, 'getStore', { storeId: store.id }, { as: fin })).json().result.tenantId).toBeNull();

    const created = await callFunction(t.app, 'createTenant', { storeId: store.id }, { as: fin });
    expect(created.statusCode).toBe(200);
    expect((await callFunction(t.app, 'getStore', { storeId: store.id }, { as: fin })).json().result.tenantId).toBe(created.json().result.id);
  });

  it('getStoreStats counts the store’s customers, products (not archived), orders and email campaigns, and no other store’s', async () => {
    const gil = await signedInCreator(t, { now: new Date('2030-05-01T00:00:00Z') });
    const store = await createStoreAs(t, gil, 'gil-shop');
    const other = await createStoreAs(t, await signedInCreator(t, { now: new Date('2030-05-01T00:00:00Z') }), 'gil-rival');
    const stats = await callFunction(t.app, 'getStoreStats', { storeId: store.id }, { as: gil });
    expect(stats.json().result).toEqual({ customers: 0, products: 0, orders: 0, emailCampaigns: 0 });

    const { productId } = await insertProduct(t, store.id);
    const archived = await insertProduct(t, store.id, { title: 'Old kit' });
    await t.db.update(products).set({ status: 'archived', archivedAt: new Date() }).where(eq(products.id, archived.productId));
    const buyer = await insertBuyer(t, store.id, 'stats-buyer@example.com');
    await insertOrder(t, { storeId: store.id, customerId: buyer.id, productId });
    await insertOrder(t, { storeId: store.id, customerId: buyer.id, productId, status: 'refunded' });
    const elsewhere = await insertProduct(t, other.id);
    await insertOrder(t, { storeId: other.id, customerId: (await insertBuyer(t, other.id, 'x@example.com')).id, productId: elsewhere.productId });
    const campaign = { subject: 'News', body: [{ id: 'b1', type: 'heading', text: 'Hello' }] };
    for (const subject of ['One', 'Two']) {
      const made = await callFunction(t.app, 'createEmailCampaign', { storeId: store.id, fields: { ...campaign, subject } }, { as: gil });
      expect(made.statusCode).toBe(200);
    }
    await t.db.insert(emailCampaigns).values({ id: 'cmp_elsewhere0000000000', storeId: other.id, subject: 'Theirs', body: [] });

    const counted = await callFunction(t.app, 'getStoreStats', { storeId: store.id }, { as: gil });
    expect(counted.json().result).toEqual({ customers: 1, products: 1, orders: 2, emailCampaigns: 2 });
  });

  it('a store function answers "Please sign in" without a session', async () => {
    const response = await callFunction(t.app, 'listMyStores', {});
    expect([response.statusCode, response.json().error.message]).toEqual([401, MESSAGES.generic.unauthenticated]);
  });
});
