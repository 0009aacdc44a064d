import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, tenants, users } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { createStoreAs, setFlag } from '#src/testing/stores.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { callFunction } from '#src/testing/call-function.ts';

const NOW = new Date('2030-03-01T10:00:00.000Z');

describe('createStoreWithTenant / createAdditionalStore', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
  });
  afterAll(() => t?.close());

  const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const storesOf = (id: string) => t.db.select().from(stores).where(eq(stores.creatorId, id));

  it('creates a published store, its tenant and the owner fields in one go', async () => {
    const ada = await signedInCreator(t, { now: NOW });
    const response = await callFunction(
  t.app,
  'createStoreWithTenant',
  {
      storeName: '  Ada Makes ',
      slug: 'Ada-Makes',
      description: 'Prints and patterns',
      primaryColor: '#FF0066',
      backgroundColor: '#101010',
    },
  { as: ada },
);
    expect(response.statusCode).toBe(200);
    const store = response.json().result;
    expect(store).toMatchObject({
      slug: 'ada-makes',
      name: 'Ada Makes',
      description: 'Prints and patterns',
      creatorId: ada.userId,
      domain: 'localhost:3000/ada-makes',
      customDomain: null,
      theme: 'mocha-mood',
      primaryColor: '#ff0066',
      backgroundColor: '#101010',
      themeOverrides: { colors: { buttonColor: '#ff0066', backgroundStartColor: '#101010', backgroundEndColor: '#101010' } },
      publishedAt: NOW.toISOString(),
      createdAt: NOW.toISOString(),
    });
    expect(store.id).toMatch(/^store_/);
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.storeId, store.id));
    expect(tenant?.id).toBe(store.tenantId);
    expect(await userRow(ada.userId)).toMatchObject({ hasStore: true, storeCount: 1, activeStoreId: store.id });
    // A visitor finds it right away (spec §2 lookup by slug).
    const lookup = await callFunction(t.app, 'lookupStore', { by: 'slug', slug: 'ada-makes' });
    expect(lookup.json().result).toMatchObject({ storeId: store.id, name: 'Ada Makes' });
  });

  it.each([
    ['creatorId', { creatorId: 'usr_someone_else' }],
    ['isAdmin', { isAdmin: true }],
    ['planId', { planId: 'boss' }],
    ['isFirstStore', { isFirstStore: false }],
    ['domain', { domain: 'evil.example.com' }],
    ['storeCount', { storeCount: 0 }],
  ])('refuses a client-set %s with 400 and changes nothing', async (_field, extra) => {
    const eve = await signedInCreator(t, { now: NOW });
    const response = await callFunction(t.app, 'createStoreWithTenant', { storeName: 'Eve', slug: `eve-${_field.toLowerCase()}`, ...extra }, { as: eve });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.status).toBe('INVALID_ARGUMENT');
    expect(await storesOf(eve.userId)).toHaveLength(0);
    expect(await userRow(eve.userId)).toMatchObject({ hasStore: false, storeCount: 0, activeStoreId: null, planId: 'free', isAdmin: false });
  });

  it('needs a signed-in creator', async () => {
    const response = await callFunction(t.app, 'createStoreWithTenant', { storeName: 'Anon', slug: 'anon-shop' });
    expect(response.statusCode).toBe(401);
  });

  it('answers the slug messages: bad format, reserved, taken', async () => {
    const bob = await signedInCreator(t, { planId: 'boss', now: NOW });
    await createStoreAs(t, bob, 'bobs-shop');
    const attempt = (slug: string) => callFunction(t.app, 'createAdditionalStore', { storeName: 'Bob', slug }, { as: bob });
    const bad = await attempt('Bob Shop!');
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, MESSAGES.slug.invalidFormat]);
    const reserved = await attempt('dashboard');
    expect([reserved.statusCode, reserved.json().error.message]).toEqual([409, MESSAGES.slug.reserved]);
    const taken = await attempt('bobs-shop');
    expect([taken.statusCode, taken.json().error.message]).toEqual([409, MESSAGES.slug.taken]);
    expect(await storesOf(bob.userId)).toHaveLength(1);
  });

  it('validates the store name: required and under 100 characters', async () => {
    const cy = await signedInCreator(t, { now: NOW });
    const empty = await callFunction(t.app, 'createStoreWithTenant', { storeName: '   ', slug: 'cy-shop' }, { as: cy });
    expect([empty.statusCode, empty.json().error.message]).toEqual([400, MESSAGES.validation.storeNameRequired]);
    const long = await callFunction(t.app, 'createStoreWithTenant', { storeName: 'x'.repeat(100), slug: 'cy-shop' }, { as: cy });
    expect([long.statusCode, long.json().error.message]).toEqual([400, MESSAGES.validation.storeNameTooLong]);
    expect((await callFunction(t.app, 'createStoreWithTenant', { storeName: 'x'.repeat(99), slug: 'cy-shop' }, { as: cy })).statusCode).toBe(200);
  });

  it('free plan: the first store is fine, the second is refused with the spec message', async () => {
    const dee = await signedInCreator(t, { now: NOW });
    await createStoreAs(t, dee, 'dee-one');
    const second = await callFunction(t.app, 'createAdditionalStore', { storeName: 'Dee Two', slug: 'dee-two' }, { as: dee });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toMatchObject({ status: 'FAILED_PRECONDITION', message: MESSAGES.stores.limitReached });
    expect(await storesOf(dee.userId)).toHaveLength(1);
    expect((await userRow(dee.userId)).storeCount).toBe(1);
  });

  it('creator plan: the third store is fine, the fourth is refused; the active store stays the first', async () => {
    const eli = await signedInCreator(t, { planId: 'creator', now: NOW });
    const first = await createStoreAs(t, eli, 'eli-one');
    await createStoreAs(t, eli, 'eli-two');
    const third = await callFunction(t.app, 'createAdditionalStore', { storeName: 'Eli Three', slug: 'eli-three' }, { as: eli });
    expect(third.statusCode).toBe(200);
    const fourth = await callFunction(t.app, 'createAdditionalStore', { storeName: 'Eli Four', slug: 'eli-four' }, { as: eli });
    expect(fourth.json().error.message).toBe(MESSAGES.stores.limitReached);
    expect(await userRow(eli.userId)).toMatchObject({ storeCount: 3, activeStoreId: first.id });
  });

  it('with the multiStore flag off, a second store is refused even on a bigger plan', async () => {
    const fay = await signedInCreator(t, { planId: 'boss', now: NOW });
    await createStoreAs(t, fay, 'fay-one');
    await setFlag(t, 'multiStore', false);
    try {
      const second = await callFunction(t.app, 'createAdditionalStore', { storeName: 'Fay Two', slug: 'fay-two' }, { as: fay });
      expect(second.json().error.message).toBe(MESSAGES.stores.limitReached);
    } finally {
      await setFlag(t, 'multiStore', true);
    }
    expect((await callFunction(t.app, 'createAdditionalStore', { storeName: 'Fay Two', slug: 'fay-two' }, { as: fay })).statusCode).toBe(200);
  });

  it('holds the plan limit under 10 concurrent creations by one creator (creator plan: exactly 3)', async () => {
    const gus = await signedInCreator(t, { planId: 'creator', now: NOW });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => callFunction(t.app, 'createStoreWithTenant', { storeName: `Gus ${i}`, slug: `gus-${i}` }, { as: gus })),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(refused.json().error.message).toBe(MESSAGES.stores.limitReached);
    }
    expect(await storesOf(gus.userId)).toHaveLength(3);
    expect(await t.db.select().from(tenants).innerJoin(stores, eq(stores.id, tenants.storeId)).where(eq(stores.creatorId, gus.userId))).toHaveLength(3);
    expect((await userRow(gus.userId)).storeCount).toBe(3);
  });

  it('holds slug uniqueness under 10 concurrent creations of one slug by different creators', async () => {
    const racers = await Promise.all(Array.from({ length: 10 }, () => signedInCreator(t, { now: NOW })));
    const responses = await Promise.all(
      racers.map((who, i) => callFunction(t.app, 'createStoreWithTenant', { storeName: `Racer ${i}`, slug: 'the-one-slug' }, { as: who })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const losers = responses.filter((r) => r.statusCode !== 200);
    expect(losers).toHaveLength(9);
    for (const loser of losers) expect([loser.statusCode, loser.json().error.message]).toEqual([409, MESSAGES.slug.taken]);
    expect(await t.db.select().from(stores).where(eq(stores.slug, 'the-one-slug'))).toHaveLength(1);
    // Nobody who lost was left half-created.
    const counts = await Promise.all(racers.map(async (who) => (await userRow(who.userId)).storeCount));
    expect(counts.sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });
});
