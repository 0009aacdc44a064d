import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bioDomains, customDomains, stores, users } from '#src/db/schema/index.ts';
import { DEV_CREATOR, DOMAIN_TAKEN_MESSAGE } from '#src/domain/stores/create-dev-store.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { callFunction } from '#src/testing/call-function.ts';

describe('testCreateStoreSimple', () => {
  let t: TestApp;
  const create = (data: Record<string, unknown>) => callFunction(t.app, 'testCreateStoreSimple', data);
  const storeCount = async () => (await t.db.select({ id: stores.id }).from(stores)).length;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('creates a store owned by the development creator, with its domain rows', async () => {
    const response = await create({ slug: 'first-shop', name: ' First Shop ', customDomain: 'first.example.com', bioDomain: 'first.bio.example.com' });
    expect(response.statusCode).toBe(200);
    const ref = response.json().result;
    expect(ref).toEqual({
      storeId: expect.stringMatching(/^store_[0-9a-z]{20}$/),
      slug: 'first-shop',
      name: 'First Shop',
      customDomain: 'first.example.com',
      isBioDomain: false,
    });
    const [row] = await t.db.select().from(stores).where(eq(stores.id, ref.storeId));
    expect(row).toMatchObject({ slug: 'first-shop', creatorId: DEV_CREATOR.id, theme: 'mocha-mood', themeOverrides: {} });
    expect(await t.db.select().from(customDomains).where(eq(customDomains.storeId, ref.storeId))).toHaveLength(1);
    expect(await t.db.select().from(bioDomains).where(eq(bioDomains.storeId, ref.storeId))).toHaveLength(1);
    const [owner] = await t.db.select().from(users).where(eq(users.id, DEV_CREATOR.id));
    expect(owner).toMatchObject({ hasStore: true, storeCount: 1, activeStoreId: ref.storeId, role: 'creator' });
  });

  it('refuses a taken slug with the spec message and creates nothing', async () => {
    const before = await storeCount();
    const response = await create({ slug: 'first-shop', name: 'Copycat' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { status: 'ALREADY_EXISTS', message: MESSAGES.slug.taken } });
    expect(await storeCount()).toBe(before);
    const [owner] = await t.db.select().from(users).where(eq(users.id, DEV_CREATOR.id));
    expect(owner?.storeCount).toBe(1);
  });

  it('refuses a domain another store has, and rolls the store back', async () => {
    const before = await storeCount();
    const response = await create({ slug: 'second-shop', name: 'Second', customDomain: 'www.first.example.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ status: 'ALREADY_EXISTS', message: DOMAIN_TAKEN_MESSAGE });
    expect(await storeCount()).toBe(before);
  });

  it.each(['ab', 'a'.repeat(50), 'shop-2030'])('accepts the slug %s', async (slug) => {
    expect((await create({ slug, name: 'Valid' })).statusCode).toBe(200);
  });

  it.each(['a', 'a'.repeat(51), 'Bad Slug!', '-shop', 'shop-', 'my--shop', 'shоp'])('refuses the slug %s', async (slug) => {
    const response = await create({ slug, name: 'Invalid' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ status: 'INVALID_ARGUMENT', message: MESSAGES.slug.invalidFormat });
  });

  it('refuses a reserved slug as reserved', async () => {
    const response = await create({ slug: 'admin', name: 'Admin' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.slug.reserved);
  });

  it('lets exactly one of several concurrent requests take a slug', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create({ slug: 'race-shop', name: `Racer ${i}` })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.db.select().from(stores).where(eq(stores.slug, 'race-shop'))).toHaveLength(1);
  });
});
