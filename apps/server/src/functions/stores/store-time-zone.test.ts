import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

describe('the store time zone setting', () => {
  let t: TestApp;
  let owner: TestCreator;
  let stranger: TestCreator;
  let storeId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInCreator(t);
    stranger = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'zoned-shop')).id;
  });
  afterAll(() => t?.close());

  const zoneInDb = async () => (await t.db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, storeId)))[0]?.timeZone;

  it('defaults to UTC and is changed by the owner to a valid IANA zone', async () => {
    expect((await callFunction(t.app, 'getStoreTimeZone', { storeId }, { as: owner })).json().result).toEqual({ timeZone: 'UTC' });
    const saved = await callFunction(t.app, 'updateStoreTimeZone', { storeId, timeZone: 'Europe/Berlin' }, { as: owner });
    expect([saved.statusCode, saved.json().result]).toEqual([200, { timeZone: 'Europe/Berlin' }]);
    expect(await zoneInDb()).toBe('Europe/Berlin');
    expect((await callFunction(t.app, 'getStoreTimeZone', { storeId }, { as: owner })).json().result).toEqual({ timeZone: 'Europe/Berlin' });
  });

  it('refuses a name that is no IANA zone, and keeps the old one', async () => {
    for (const timeZone of ['Mars/Olympus', 'GMT+25', '', 'Europe/Berlin; drop table stores']) {
      const refused = await callFunction(t.app, 'updateStoreTimeZone', { storeId, timeZone }, { as: owner });
      expect(refused.statusCode, timeZone).toBe(400);
      expect(refused.json().error.message).toBe('Choose a time zone from the list');
    }
    expect(await zoneInDb()).toBe('Europe/Berlin');
  });

  it('answers a foreign store id exactly like a missing one, and changes nothing', async () => {
    const foreign = await callFunction(t.app, 'updateStoreTimeZone', { storeId, timeZone: 'Asia/Tokyo' }, { as: stranger });
    const missing = await callFunction(t.app, 'updateStoreTimeZone', { storeId: 'store_doesnotexist00000000', timeZone: 'Asia/Tokyo' }, { as: stranger });
    expect([foreign.statusCode, foreign.json()]).toEqual([missing.statusCode, missing.json()]);
    expect(foreign.json().error.message).toBe(MESSAGES.stores.notFound);
    const read = await callFunction(t.app, 'getStoreTimeZone', { storeId }, { as: stranger });
    const readMissing = await callFunction(t.app, 'getStoreTimeZone', { storeId: 'store_doesnotexist00000000' }, { as: stranger });
    expect([read.statusCode, read.json()]).toEqual([readMissing.statusCode, readMissing.json()]);
    expect(await zoneInDb()).toBe('Europe/Berlin');
  });

  it("takes the creator's browser zone at creation, and refuses an invalid one", async () => {
    const creator = await signedInCreator(t, { planId: 'boss' });
    const made = await callFunction(t.app, 'createStoreWithTenant', { storeName: 'Tokyo Prints', slug: 'tokyo-prints', timeZone: 'Asia/Tokyo' }, { as: creator });
    expect(made.statusCode).toBe(200);
    expect((await callFunction(t.app, 'getStoreTimeZone', { storeId: made.json().result.id }, { as: creator })).json().result).toEqual({ timeZone: 'Asia/Tokyo' });
    const bad = await callFunction(t.app, 'createAdditionalStore', { storeName: 'Nowhere', slug: 'nowhere-prints', timeZone: 'Nowhere/Land' }, { as: creator });
    expect(bad.statusCode).toBe(400);
  });
});
