import { COMMERCE_MESSAGES, EMAIL_MESSAGES, MESSAGES, type Customer } from '@shopfront/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { customers, downloadEvents, orders as ordersTable } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { insertOrder, insertProduct } from '#src/testing/customers.ts';
import { callFunction, errorOf, seen } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { manualClock } from '#src/testing/clock.ts';

const clock = manualClock();
const MINUTE = 60_000;

describe('store customers (createStoreCustomer, getStoreCustomers, searchStoreCustomers, updateStoreCustomer, getStoreCustomer)', () => {
  let t: TestApp;
  let owner: TestCreator;
  let storeId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    owner = await signedInCreator(t, { now: clock.now() });
    storeId = (await createStoreAs(t, owner, 'crm-shop')).id;
  });
  afterAll(() => t?.close());

  async function create(data: Record<string, unknown>): Promise<Customer> {
    clock.advance(MINUTE);
    const response = await callFunction(t.app, 'createStoreCustomer', { storeId, ...data }, { as: owner });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json().result as Customer;
  }

  describe('createStoreCustomer', () => {
    it('adds a customer with no orders and no account, never exposing a password hash', async () => {
      const customer = await create({ email: ' Ada@Example.com ', name: 'Ada Lovelace', tags: ['vip', ' VIP ', 'early'], marketingConsent: true });
      expect(customer).toMatchObject({
        storeId,
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        tags: ['vip', 'early'],
        marketingConsent: true,
        hasAccount: false,
        orderCount: 0,
        lifetimeValueCents: 0,
        lastOrderAt: null,
      });
      expect(Object.keys(customer)).not.toContain('passwordHash');
    });

    it('refuses a second customer with the same email in the store', async () => {
      const response = await callFunction(t.app, 'createStoreCustomer', { storeId, email: 'ADA@example.com', name: 'Other' }, { as: owner });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({ status: 'ALREADY_EXISTS', message: COMMERCE_MESSAGES.customerExists });
    });

    it("asks for the customer's name (not the caller's) when it is blank, and adds nobody", async () => {
      const countCustomers = async () => (await t.db.select({ total: count() }).from(customers).where(eq(customers.storeId, storeId)))[0]?.total;
      const before = await countCustomers();
      const response = await callFunction(t.app, 'createStoreCustomer', { storeId, email: 'blank@example.com', name: '   ' }, { as: owner });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ status: 'INVALID_ARGUMENT', message: "Please enter the customer's name" });
      expect(await countCustomers()).toBe(before);
    });
  });

  describe('getStoreCustomers', () => {
    it('pages newest first by cursor, with the total', async () => {
      const own = await signedInCreator(t, { now: clock.now() });
      const shop = (await createStoreAs(t, own, 'paging-shop')).id;
      for (const n of [1, 2, 3, 4, 5]) {
        clock.advance(MINUTE);
        await callFunction(t.app, 'createStoreCustomer', { storeId: shop, email: `p${n}@example.com`, name: `P${n}` }, { as: own });
      }
      const page = async (cursor?: string) =>
        (await callFunction(t.app, 'getStoreCustomers', { storeId: shop, limit: 2, ...(cursor ? { cursor } : {}) }, { as: own })).json().result as {
          customers: Customer[];
          nextCursor: string | null;
          total: number;
        };
      const first = await page();
      expect(first.customers.map((c) => c.name)).toEqual(['P5', 'P4']);
      expect(first.total).toBe(5);
      const second = await page(first.nextCursor!);
      expect(second.customers.map((c) => c.name)).toEqual(['P3', 'P2']);
      const third = await page(second.nextCursor!);
      expect(third.customers.map((c) => c.name)).toEqual(['P1']);
      expect(third.nextCursor).toBeNull();
    });
  });

  describe('searchStoreCustomers', () => {
    let shop: string;
    let own: TestCreator;
    const search = async (query: string) =>
      ((await callFunction(t.app, 'searchStoreCustomers', { storeId: shop, query }, { as: own })).json().result as { customers: Customer[] }).customers.map(
        (c) => c.name,
      );

    beforeAll(async () => {
      own = await signedInCreator(t, { now: clock.now() });
      shop = (await createStoreAs(t, own, 'search-shop')).id;
      const people = [
        ['Anna Smith', 'anna@example.com'],
        ['Joanna Lee', 'jo@example.com'],
        ['Zed', 'hannah@example.com'],
        ['Percent 100% Fan', 'fan@example.com'],
        ['Under Score', 'under_score@example.com'],
        ['Nobody', 'nobody@example.com'],
      ];
      for (const [name, email] of people) {
        clock.advance(MINUTE);
        await callFunction(t.app, 'createStoreCustomer', { storeId: shop, name, email }, { as: own });
      }
    });

    it('matches name and email case-insensitively, prefix matches first', async () => {
      expect(await search('ANN')).toEqual(['Anna Smith', 'Zed', 'Joanna Lee']);
      expect(await search('han')).toEqual(['Zed']);
    });

    it('takes % and _ literally', async () => {
      expect(await search('%')).toEqual(['Percent 100% Fan']);
      expect(await search('_')).toEqual(['Under Score']);
      expect(await search('r_s')).toEqual(['Under Score']);
      expect(await search('100%f')).toEqual([]);
    });
  });

  describe('updateStoreCustomer', () => {
    let customer: Customer;
    beforeAll(async () => {
      customer = await create({ email: 'upd@example.com', name: 'Up Date' });
    });
    const update = (data: Record<string, unknown>) => callFunction(t.app, 'updateStoreCustomer', { storeId, customerId: customer.id, ...data }, { as: owner });

    it('changes only the given fields; tags are trimmed and de-duplicated', async () => {
      const response = await update({ tags: [' vip ', 'VIP', 'early', 'early '], notes: 'Met at the fair' });
      expect(response.statusCode).toBe(200);
      expect(response.json().result).toMatchObject({ name: 'Up Date', tags: ['vip', 'early'], notes: 'Met at the fair', marketingConsent: false });
      const again = await update({ marketingConsent: true, name: 'New Name' });
      expect(again.json().result).toMatchObject({ name: 'New Name', tags: ['vip', 'early'], notes: 'Met at the fair', marketingConsent: true });
    });

    it('cannot turn consent back on for a customer who unsubscribed; other edits still apply', async () => {
      const gone = await create({ email: 'unsub@example.com', name: 'Un Sub' });
      await t.db.update(customers).set({ marketingConsent: false, marketingWithdrawnAt: new Date() }).where(eq(customers.id, gone.id));
      const edit = (data: Record<string, unknown>) => callFunction(t.app, 'updateStoreCustomer', { storeId, customerId: gone.id, ...data }, { as: owner });

      const refused = await edit({ marketingConsent: true, name: 'Changed' });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).message).toBe(EMAIL_MESSAGES.consentWithdrawn);
      const [row] = await t.db.select().from(customers).where(eq(customers.id, gone.id));
      expect(row).toMatchObject({ marketingConsent: false, name: 'Un Sub' });

      expect((await edit({ marketingConsent: false, name: 'Changed' })).json().result).toMatchObject({ name: 'Changed', marketingConsent: false });
    });

    it.each([
      ['20 tags', { tags: Array.from({ length: 20 }, (_, i) => `t${i}`) }, null],
      ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, COMMERCE_MESSAGES.tooManyTags],
      ['a 40-character tag', { tags: ['x'.repeat(40)] }, null],
      ['a 41-character tag', { tags: ['x'.repeat(41)] }, COMMERCE_MESSAGES.tagTooLong],
      ['5000 characters of notes', { notes: 'n'.repeat(5000) }, null],
      ['5001 characters of notes', { notes: 'n'.repeat(5001) }, COMMERCE_MESSAGES.notesTooLong],
    ])('%s', async (_label, data, refusal) => {
      const [before] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
      const response = await update(data);
      if (refusal === null) {
        expect(response.statusCode).toBe(200);
        return;
      }
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ status: 'INVALID_ARGUMENT', message: refusal });
      const [after] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
      expect(after).toEqual(before);
    });

    it('applies the same limits on create', async () => {
      const tooMany = await callFunction(
  t.app,
  'createStoreCustomer',
  {
        storeId,
        email: 'limits@example.com',
        name: 'L',
        tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
      },
  { as: owner },
);
      expect(errorOf(tooMany).message).toBe(COMMERCE_MESSAGES.tooManyTags);
      const ok = await callFunction(
  t.app,
  'createStoreCustomer',
  {
        storeId,
        email: 'limits@example.com',
        name: 'L',
        tags: Array.from({ length: 20 }, (_, i) => `t${i}`),
        notes: 'n'.repeat(5000),
      },
  { as: owner },
);
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('getStoreCustomer', () => {
    it('answers the customer with orders newest first, download counts, and the lifetime value net of refunds', async () => {
      const buyer = await create({ email: 'buyer@example.com', name: 'Bea' });
      const { productId, fileIds } = await insertProduct(t, storeId, { files: ['a.zip'] });
      const start = clock.now().getTime();
      const first = await insertOrder(t, { storeId, customerId: buyer.id, productId, amountCents: 1500, createdAt: new Date(start + MINUTE) });
      const refunded = await insertOrder(t, { storeId, customerId: buyer.id, productId, amountCents: 999, status: 'refunded', createdAt: new Date(start + 2 * MINUTE) });
      const last = await insertOrder(t, { storeId, customerId: buyer.id, productId, amountCents: 2500, createdAt: new Date(start + 3 * MINUTE), title: 'Old title' });
      for (let i = 0; i < 2; i++) await t.db.insert(downloadEvents).values({ id: newId('dl'), orderId: first, fileId: fileIds[0]!, storeId });
      // A partial refund of 500 on the last order: it counts 2000.
      await t.db.update(ordersTable).set({ refundedCents: 500 }).where(eq(ordersTable.id, last));

      const response = await callFunction(t.app, 'getStoreCustomer', { storeId, customerId: buyer.id }, { as: owner });
      expect(response.statusCode).toBe(200);
      const { customer, orders } = response.json().result as { customer: Customer; orders: { id: string; status: string; downloadCount: number; product: { title: string } }[] };
      expect(customer).toMatchObject({ orderCount: 3, lifetimeValueCents: 3500, lastOrderAt: new Date(start + 3 * MINUTE).toISOString() });
      expect(orders.map((o) => [o.id, o.status, o.downloadCount])).toEqual([
        [last, 'paid', 0],
        [refunded, 'refunded', 0],
        [first, 'paid', 2],
      ]);
      expect(orders[0]!.product).toEqual({ id: productId, title: 'Old title', type: 'digital' });
      expect(response.body).not.toContain('passwordHash');

      const listed = (await callFunction(t.app, 'searchStoreCustomers', { storeId, query: 'buyer@' }, { as: owner })).json().result.customers as Customer[];
      expect(listed[0]).toMatchObject({ orderCount: 3, lifetimeValueCents: 3500 });
    });
  });
});

/** SECURITY "Tenancy": another creator's store or customer answers exactly like a missing one. */
describe('foreign ids on every customer function', () => {
  let t: TestApp;
  let owner: TestCreator;
  let mallory: TestCreator;
  let victimStore: string;
  let malloryStore: string;
  let victimCustomer: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    owner = await signedInCreator(t, { now: clock.now() });
    mallory = await signedInCreator(t, { now: clock.now() });
    victimStore = (await createStoreAs(t, owner, 'victim-crm')).id;
    malloryStore = (await createStoreAs(t, mallory, 'mallory-crm')).id;
    const created = await callFunction(t.app, 'createStoreCustomer', { storeId: victimStore, email: 'victim@example.com', name: 'Victim', notes: 'secret' }, { as: owner });
    victimCustomer = created.json().result.id;
  });
  afterAll(() => t?.close());

  const MISSING_STORE = 'store_doesnotexist00000000';
  const MISSING_CUSTOMER = 'cus_doesnotexist00000000';
  const cases: [string, () => Record<string, unknown>, () => Record<string, unknown>][] = [
    ['createStoreCustomer', () => ({ storeId: victimStore, email: 'new@example.com', name: 'N' }), () => ({ storeId: MISSING_STORE, email: 'new@example.com', name: 'N' })],
    ['getStoreCustomers', () => ({ storeId: victimStore }), () => ({ storeId: MISSING_STORE })],
    ['searchStoreCustomers', () => ({ storeId: victimStore, query: 'vic' }), () => ({ storeId: MISSING_STORE, query: 'vic' })],
    ['updateStoreCustomer', () => ({ storeId: victimStore, customerId: victimCustomer, notes: 'x' }), () => ({ storeId: MISSING_STORE, customerId: victimCustomer, notes: 'x' })],
    ['updateStoreCustomer (foreign customer, own store)', () => ({ storeId: malloryStore, customerId: victimCustomer, notes: 'x' }), () => ({ storeId: malloryStore, customerId: MISSING_CUSTOMER, notes: 'x' })],
    ['getStoreCustomer', () => ({ storeId: victimStore, customerId: victimCustomer }), () => ({ storeId: MISSING_STORE, customerId: victimCustomer })],
    ['getStoreCustomer (foreign customer, own store)', () => ({ storeId: malloryStore, customerId: victimCustomer }), () => ({ storeId: malloryStore, customerId: MISSING_CUSTOMER })],
  ];

  it.each(cases)('%s', async (label, foreign, missing) => {
    const name = label.split(' ')[0]!;
    const foreignReply = seen(await callFunction(t.app, name, foreign(), { as: mallory }));
    const missingReply = seen(await callFunction(t.app, name, missing(), { as: mallory }));
    expect(foreignReply.status).toBe(404);
    expect(foreignReply).toEqual(missingReply);
  });

  it('answers the customer-not-found message for a foreign customer', async () => {
    const response = await callFunction(t.app, 'getStoreCustomer', { storeId: malloryStore, customerId: victimCustomer }, { as: mallory });
    expect(errorOf(response)).toMatchObject({ status: 'NOT_FOUND', message: COMMERCE_MESSAGES.customerNotFound });
    const store = await callFunction(t.app, 'getStoreCustomers', { storeId: victimStore }, { as: mallory });
    expect(errorOf(store)).toMatchObject({ status: 'NOT_FOUND', message: MESSAGES.stores.notFound });
  });

  it('left the victim’s customers untouched', async () => {
    const rows = await t.db.select().from(customers).where(eq(customers.storeId, victimStore));
    expect(rows.map((row) => [row.email, row.notes])).toEqual([['victim@example.com', 'secret']]);
  });
});
