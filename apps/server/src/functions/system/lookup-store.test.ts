import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, customDomains } from '#src/db/schema/index.ts';
import { DEV_CREATOR } from '#src/domain/stores/create-dev-store.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { callFunction } from '#src/testing/call-function.ts';

describe('lookupStore', () => {
  let t: TestApp;
  let storeId: string;
  const lookup = async (data: unknown) => {
    const response = await callFunction(t.app, 'lookupStore', data);
    expect(response.statusCode).toBe(200);
    return response.json().result;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const created = await callFunction(
  t.app,
  'testCreateStoreSimple',
  {
      slug: 'shop-one',
      name: 'Shop One',
      customDomain: 'www.Shop-One.com',
      bioDomain: 'ShopOne.bio.example.com',
    },
);
    expect(created.statusCode).toBe(200);
    storeId = created.json().result.storeId;
  });
  afterAll(() => t?.close());

  it('finds a store by slug', async () => {
    expect(await lookup({ by: 'slug', slug: 'shop-one' })).toEqual({
      storeId,
      slug: 'shop-one',
      name: 'Shop One',
      customDomain: 'shop-one.com',
      isBioDomain: false,
      offline: false,
    });
  });

  it('finds a store by slug typed in capitals', async () => {
    expect(await lookup({ by: 'slug', slug: 'Shop-One' })).toMatchObject({ storeId });
  });

  it.each(['shop-one.com', 'www.shop-one.com', 'WWW.Shop-One.com.', 'shop-one.com:443'])(
    'finds a store by its custom domain written as %s',
    async (domain) => {
      expect(await lookup({ by: 'customDomain', domain })).toEqual({
        storeId,
        slug: 'shop-one',
        name: 'Shop One',
        customDomain: 'shop-one.com',
        isBioDomain: false,
        offline: false,
      });
    },
  );

  it('finds a store by its bio domain and says so', async () => {
    expect(await lookup({ by: 'bioDomain', fullDomain: 'shopone.bio.example.com' })).toMatchObject({
      storeId,
      isBioDomain: true,
    });
  });

  it.each([
    { by: 'slug', slug: 'no-such-shop' },
    { by: 'customDomain', domain: 'no-such-shop.com' },
    { by: 'bioDomain', fullDomain: 'nobody.bio.example.com' },
    { by: 'bioDomain', fullDomain: 'shop-one.com' },
  ])('answers null for %o', async (data) => {
    expect(await lookup(data)).toBeNull();
  });

  it('does not serve a custom domain that is not verified', async () => {
    await t.db.insert(customDomains).values({ domain: 'pending-shop.com', storeId, verifiedAt: null });
    expect(await lookup({ by: 'customDomain', domain: 'pending-shop.com' })).toBeNull();
  });

  it('needs a domain row: a store column alone does not route a domain', async () => {
    await t.db.insert(stores).values({
      id: 'store_column_only',
      slug: 'column-only',
      name: 'Column Only',
      creatorId: DEV_CREATOR.id,
      customDomain: 'column-only.com',
    });
    expect(await lookup({ by: 'customDomain', domain: 'column-only.com' })).toBeNull();
    expect(await lookup({ by: 'slug', slug: 'column-only' })).toMatchObject({ storeId: 'store_column_only' });
  });

  it('refuses a lookup without a valid "by"', async () => {
    const response = await callFunction(t.app, 'lookupStore', { by: 'id', id: storeId });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.status).toBe('INVALID_ARGUMENT');
  });
});
