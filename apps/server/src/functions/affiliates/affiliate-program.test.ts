import { AFFILIATE_DEFAULTS, AFFILIATE_MESSAGES, MESSAGES, PLATFORM_CONFIG_MESSAGES, type AffiliateProgram } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateInvites, affiliatePrograms, affiliateProductRates, storeTestClocks } from '#src/db/schema/index.ts';
import { missingId, resultOf, seedAffiliateProgram, seedStoreAffiliate, signedInMember } from '#src/testing/affiliate-accounts.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import { insertProduct } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { setFlag } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';

const clock = manualClock(new Date('2030-04-01T09:00:00.000Z'));

describe('the creator’s program: getAffiliateProgram, updateAffiliateProgram, setAffiliateProductRate, advanceAffiliateTestClock', () => {
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;
  let products: Record<'published' | 'draft' | 'leadMagnet' | 'archived' | 'link' | 'foreign', string>;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }), currency: 'EUR' });
    other = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    const add = async (storeId: string, overrides: Parameters<typeof insertProduct>[2]) => (await insertProduct(t, storeId, overrides)).id;
    products = {
      published: await add(shop.id, { title: 'Glaze Book' }),
      draft: await add(shop.id, { title: 'Draft Course', status: 'draft' }),
      leadMagnet: await add(shop.id, { title: 'Free Checklist', type: 'lead-magnet', priceMode: 'free', priceCents: 0 }),
      archived: await add(shop.id, { title: 'Old Zine', status: 'archived' }),
      link: await add(shop.id, { title: 'My Newsletter', type: 'link', priceMode: 'free', priceCents: 0 }),
      foreign: await add(other.id, { title: 'Their Book' }),
    };
  });
  afterAll(() => t?.close());

  const as = (store: SeededStore) => ({ as: store.owner });
  const program = (storeId = shop.id) => resultOf<AffiliateProgram>(callFunction(t.app, 'getAffiliateProgram', { storeId }, as(shop)));
  const terms = { enabled: true, commissionPercent: 30, windowDays: 45, holdingDays: 7, joinMode: 'approval' };
  const update = (changes: Record<string, unknown> = {}, storeId = shop.id) => callFunction(t.app, 'updateAffiliateProgram', { storeId, ...terms, ...changes }, as(shop));
  const rate = (productId: string, commissionPercent: number | null) => callFunction(t.app, 'setAffiliateProductRate', { storeId: shop.id, productId, commissionPercent }, as(shop));
  const advance = (days: number) => callFunction(t.app, 'advanceAffiliateTestClock', { storeId: shop.id, days }, as(shop));
  const savedRow = async () => (await t.db.select().from(affiliatePrograms).where(eq(affiliatePrograms.storeId, shop.id)))[0];
  const clockSeconds = async () => (await t.db.select().from(storeTestClocks).where(eq(storeTestClocks.storeId, shop.id)))[0]?.offsetSeconds ?? 0;

  it('answers the defaults (off) before anything is saved, with every product that sells and the store’s currency', async () => {
    expect(await program()).toEqual({
      storeId: shop.id,
      ...AFFILIATE_DEFAULTS,
      currency: 'EUR',
      products: [
        { productId: products.published, title: 'Glaze Book', commissionPercent: null },
        { productId: products.draft, title: 'Draft Course', commissionPercent: null },
        { productId: products.leadMagnet, title: 'Free Checklist', commissionPercent: null },
      ],
      testClock: { available: true, offsetDays: 0 },
    });
    expect(await savedRow()).toBeUndefined();
  });

  it('saves the terms and answers them; a second save changes the row', async () => {
    const saved = await resultOf<AffiliateProgram>(update());
    expect(saved).toMatchObject({ enabled: true, commissionPercent: 30, windowDays: 45, holdingDays: 7, joinMode: 'approval' });
    expect(await program()).toEqual(saved);
    const again = await resultOf<AffiliateProgram>(update({ enabled: false, joinMode: 'open', commissionPercent: 25 }));
    expect(again).toMatchObject({ enabled: false, joinMode: 'open', commissionPercent: 25 });
    expect(await savedRow()).toMatchObject({ enabled: false, joinMode: 'open', commissionPercent: 25, windowDays: 45, holdingDays: 7 });
  });

  it.each([
    ['commissionPercent', 0, 1, 90, 91, AFFILIATE_MESSAGES.commissionPercent],
    ['windowDays', 0, 1, 365, 366, AFFILIATE_MESSAGES.windowDays],
    ['holdingDays', -1, 0, 90, 91, AFFILIATE_MESSAGES.holdingDays],
  ] as const)('%s: refuses %i, takes %i and %i, refuses %i', async (field, below, min, max, above, message) => {
    for (const value of [min, max]) {
      expect(seen(await update({ [field]: value }))).toMatchObject({ status: 200, body: { result: { [field]: value } } });
    }
    for (const value of [below, above, min + 0.5]) {
      expect(seen(await update({ [field]: value }))).toEqual({
        status: 400,
        body: { error: { status: 'INVALID_ARGUMENT', message, details: expect.anything() } },
      });
    }
    expect((await savedRow())?.[field]).toBe(max);
  });

  it('refuses an unknown join mode and unknown fields', async () => {
    expect(seen(await update({ joinMode: 'invite-only' })).status).toBe(400);
    expect(seen(await update({ testClockOffsetSeconds: 999 })).status).toBe(400);
    expect(await clockSeconds()).toBe(0);
  });

  it('sets a product’s own commission (1 and 90 taken, 0 and 91 refused) and resets it with null', async () => {
    for (const value of [0, 91]) {
      expect(seen(await rate(products.published, value))).toMatchObject({ status: 400, body: { error: { message: AFFILIATE_MESSAGES.commissionPercent } } });
    }
    const one = await resultOf<AffiliateProgram>(rate(products.published, 1));
    expect(one.products.find((p) => p.productId === products.published)?.commissionPercent).toBe(1);
    const ninety = await resultOf<AffiliateProgram>(rate(products.draft, 90));
    expect(ninety.products.map((p) => p.commissionPercent)).toEqual([1, 90, null]);
    const reset = await resultOf<AffiliateProgram>(rate(products.published, null));
    expect(reset.products.map((p) => p.commissionPercent)).toEqual([null, 90, null]);
    expect(await t.db.select().from(affiliateProductRates).where(eq(affiliateProductRates.storeId, shop.id))).toEqual([{ productId: products.draft, storeId: shop.id, commissionPercent: 90 }]);
    // Resetting a product that has no rate is fine too.
    expect(seen(await rate(products.leadMagnet, null)).status).toBe(200);
  });

  it('answers another store’s, an archived or a link product exactly like a missing one, and writes nothing', async () => {
    const missing = seen(await rate(missingId('prd'), 50));
    expect(missing).toMatchObject({ status: 404, body: { error: { status: 'NOT_FOUND', message: AFFILIATE_MESSAGES.productNotFound } } });
    for (const productId of [products.foreign, products.archived, products.link]) {
      expect(seen(await rate(productId, 50))).toEqual(missing);
    }
    const rows = await t.db.select().from(affiliateProductRates);
    expect(rows.map((row) => row.productId)).toEqual([products.draft]);
  });

  it('moves the test clock by 1 to 365 days (0 and 366 refused), adding up', async () => {
    for (const days of [0, 366, 1.5]) {
      expect(seen(await advance(days))).toMatchObject({ status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: AFFILIATE_MESSAGES.testClockDays } } });
    }
    expect((await resultOf<AffiliateProgram>(advance(1))).testClock).toEqual({ available: true, offsetDays: 1 });
    expect((await resultOf<AffiliateProgram>(advance(365))).testClock).toEqual({ available: true, offsetDays: 366 });
    expect(await clockSeconds()).toBe(366 * 86_400);
    // Saving the terms keeps the clock.
    expect((await resultOf<AffiliateProgram>(update())).testClock.offsetDays).toBe(366);
  });

  it('answers the default terms with the moved clock when the clock moves before any save', async () => {
    const moved = await resultOf<AffiliateProgram>(callFunction(t.app, 'advanceAffiliateTestClock', { storeId: other.id, days: 14 }, as(other)));
    expect(moved).toMatchObject({ ...AFFILIATE_DEFAULTS, testClock: { available: true, offsetDays: 14 } });
  });

  describe('another creator’s store answers exactly like a missing one and changes nothing', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['getAffiliateProgram', {}],
      ['updateAffiliateProgram', terms],
      ['setAffiliateProductRate', { commissionPercent: 50 }],
      ['advanceAffiliateTestClock', { days: 5 }],
    ];
    it.each(cases)('%s', async (name, data) => {
      const productId = name === 'setAffiliateProductRate' ? { productId: products.published } : {};
      const foreign = seen(await callFunction(t.app, name, { storeId: shop.id, ...data, ...productId }, as(other)));
      const missing = seen(await callFunction(t.app, name, { storeId: missingId('store'), ...data, ...productId }, as(other)));
      expect(foreign).toEqual({ status: 404, body: { error: { status: 'NOT_FOUND', message: MESSAGES.stores.notFound } } });
      expect(foreign).toEqual(missing);
    });

    it('left the store’s program as its owner saved it', async () => {
      expect(await savedRow()).toMatchObject({ enabled: true, commissionPercent: 30 });
      expect(await clockSeconds()).toBe(366 * 86_400);
      expect((await program()).products.find((p) => p.productId === products.published)?.commissionPercent).toBeNull();
    });
  });

  it('refuses a members-area customer and the signed out', async () => {
    const member = await signedInMember(t, shop.id, { now: clock.now() });
    expect(seen(await callFunction(t.app, 'getMyAffiliate', { storeId: shop.id }, { as: member })).status).toBe(200);
    expect(seen(await callFunction(t.app, 'getAffiliateProgram', { storeId: shop.id }, { as: member })).status).toBe(401);
    expect(seen(await callFunction(t.app, 'getAffiliateProgram', { storeId: shop.id })).status).toBe(401);
  });
});

describe('advanceAffiliateTestClock on a server that takes no test payments', () => {
  let t: TestApp;
  let shop: SeededStore;
  beforeAll(async () => {
    t = await createTestApp({ env: testEnv({ TEST_PAYMENTS: 'off' }) });
    shop = await seedStore(t);
  });
  afterAll(() => t?.close());

  it('says the clock is unavailable and refuses to move it', async () => {
    const before = await resultOf<AffiliateProgram>(callFunction(t.app, 'getAffiliateProgram', { storeId: shop.id }, { as: shop.owner }));
    expect(before.testClock).toEqual({ available: false, offsetDays: 0 });
    const refused = seen(await callFunction(t.app, 'advanceAffiliateTestClock', { storeId: shop.id, days: 14 }, { as: shop.owner }));
    expect(refused).toMatchObject({ status: 400, body: { error: { status: 'FAILED_PRECONDITION', message: AFFILIATE_MESSAGES.testClockUnavailable } } });
    expect(await t.db.select().from(affiliatePrograms)).toEqual([]);
  });
});

describe('with the affiliateProgram flag off', () => {
  let t: TestApp;
  let shop: SeededStore;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedStore(t);
    await seedAffiliateProgram(t, shop.id);
  });
  afterAll(() => t?.close());

  it('every creator and members function refuses, and nothing is written', async () => {
    const product = await insertProduct(t, shop.id);
    const affiliate = await seedStoreAffiliate(t, shop.id);
    const member = await signedInMember(t, shop.id);
    await setFlag(t, 'affiliateProgram', false);
    const creatorCalls: [string, Record<string, unknown>][] = [
      ['getAffiliateProgram', {}],
      ['updateAffiliateProgram', { enabled: true, commissionPercent: 30, windowDays: 30, holdingDays: 14, joinMode: 'open' }],
      ['setAffiliateProductRate', { productId: product.id, commissionPercent: 40 }],
      ['listAffiliates', {}],
      ['updateAffiliateStatus', { affiliateId: affiliate.id, action: 'pause' }],
      ['inviteAffiliate', { email: 'new@example.com' }],
      ['listAffiliateCommissions', {}],
      ['payAffiliate', { affiliateId: affiliate.id }],
      ['listAffiliatePayouts', {}],
      ['advanceAffiliateTestClock', { days: 3 }],
    ];
    const memberCalls: [string, Record<string, unknown>][] = [
      ['getMyAffiliate', {}],
      ['applyAsAffiliate', {}],
    ];
    const refusal = { status: 400, body: { error: { status: 'FAILED_PRECONDITION', message: PLATFORM_CONFIG_MESSAGES.featureDisabled, details: { feature: 'affiliateProgram' } } } };
    for (const [name, data] of creatorCalls) {
      expect(seen(await callFunction(t.app, name, { storeId: shop.id, ...data }, { as: shop.owner })), name).toEqual(refusal);
    }
    for (const [name, data] of memberCalls) {
      expect(seen(await callFunction(t.app, name, { storeId: shop.id, ...data }, { as: member })), name).toEqual(refusal);
    }
    const csv = await t.app.inject({ method: 'GET', url: `/api/stores/${shop.id}/affiliate-payouts.csv`, headers: shop.owner.headers });
    expect({ status: csv.statusCode, body: csv.json() }).toEqual(refusal);
    expect(await t.db.select().from(affiliatePrograms)).toMatchObject([{ commissionPercent: AFFILIATE_DEFAULTS.commissionPercent }]);
    expect(await t.db.select().from(storeTestClocks)).toEqual([]);
    expect(await t.db.select().from(affiliateInvites)).toEqual([]);
    expect(await t.db.select().from(affiliateProductRates)).toEqual([]);

    await setFlag(t, 'affiliateProgram', true);
    expect(seen(await callFunction(t.app, 'getAffiliateProgram', { storeId: shop.id }, { as: shop.owner })).status).toBe(200);
  });
});
