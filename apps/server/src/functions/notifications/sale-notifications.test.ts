import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '#src/db/schema/index.ts';
import { callFunction, errorOf, seen } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

describe('getSaleNotifications and updateSaleNotifications', () => {
  let t: TestApp;
  let owner: TestCreator;
  let stranger: TestCreator;
  let storeId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInCreator(t);
    stranger = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'ivy-notes')).id;
  });
  afterAll(() => t?.close());

  const settingOf = async (id: string) => (await t.db.select({ mode: stores.saleNotifications }).from(stores).where(eq(stores.id, id)))[0]?.mode;

  it('is an email for each sale by default, and keeps what the owner picks', async () => {
    const read = await callFunction(t.app, 'getSaleNotifications', { storeId }, { as: owner });
    expect(read.json().result).toEqual({ saleNotifications: 'each' });
    for (const mode of ['daily', 'off', 'each'] as const) {
      const saved = await callFunction(t.app, 'updateSaleNotifications', { storeId, saleNotifications: mode }, { as: owner });
      expect(saved.json().result).toEqual({ saleNotifications: mode });
      expect(await settingOf(storeId)).toBe(mode);
    }
  });

  it('refuses a mode that does not exist and changes nothing', async () => {
    const refused = await callFunction(t.app, 'updateSaleNotifications', { storeId, saleNotifications: 'weekly' }, { as: owner });
    expect(refused.statusCode).toBe(400);
    expect(await settingOf(storeId)).toBe('each');
  });

  it('answers a foreign store exactly like a missing one, and leaves it unchanged', async () => {
    const strangerStore = (await createStoreAs(t, stranger, 'other-notes')).id;
    for (const [name, extra] of [
      ['getSaleNotifications', {}],
      ['updateSaleNotifications', { saleNotifications: 'off' }],
    ] as const) {
      const foreign = await callFunction(t.app, name, { storeId: strangerStore, ...extra }, { as: owner });
      const missing = await callFunction(t.app, name, { storeId: 'store_doesnotexist00000000', ...extra }, { as: owner });
      expect(seen(foreign)).toEqual(seen(missing));
      expect([foreign.statusCode, errorOf(foreign).message]).toEqual([404, MESSAGES.stores.notFound]);
    }
    expect(await settingOf(strangerStore)).toBe('each');
  });

  it('needs a signed-in creator', async () => {
    expect((await callFunction(t.app, 'getSaleNotifications', { storeId })).statusCode).toBe(401);
  });
});
