import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bioDomains, customDomains, storeDrafts, stores, tenants, users } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { createStoreAs, sampleProfile, setFlag } from '#src/testing/stores.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';

/**
 * SECURITY "Tenancy": every function that takes a store, tenant or domain answers a foreign id
 * exactly like one that does not exist (status and body), and changes nothing.
 */
describe('foreign ids answer like missing ones, on every store and domain function', () => {
  let t: TestApp;
  let owner: TestCreator;
  let mallory: TestCreator;
  let victim: { id: string; slug: string; tenantId: string };
  let ownStore: string;

  beforeAll(async () => {
    t = await createTestApp({ env: testEnv({ BIO_DOMAIN: 'bio.example.com' }) });
    await setFlag(t, 'customDomains', true);
    owner = await signedInCreator(t);
    mallory = await signedInCreator(t);
    victim = await createStoreAs(t, owner, 'victim-shop');
    ownStore = (await createStoreAs(t, mallory, 'mallory-shop')).id;
    await callFunction(t.app, 'addCustomDomain', { storeId: victim.id, domain: 'victim.com' }, { as: owner });
    await callFunction(t.app, 'setBioSubdomain', { storeId: victim.id, name: 'victim' }, { as: owner });
  });
  afterAll(() => t?.close());

  const MISSING_STORE = 'store_doesnotexist00000000';
  const cases: [string, () => Record<string, unknown>, () => Record<string, unknown>, number?][] = [
    ['getStore', () => ({ storeId: victim.id }), () => ({ storeId: MISSING_STORE })],
    ['switchActiveStore', () => ({ storeId: victim.id }), () => ({ storeId: MISSING_STORE })],
    ['deleteStoreAndTenant', () => ({ storeId: victim.id, confirmSlug: victim.slug }), () => ({ storeId: MISSING_STORE, confirmSlug: victim.slug })],
    ['deleteStoreAndTenant (wrong slug)', () => ({ storeId: victim.id, confirmSlug: 'x' }), () => ({ storeId: MISSING_STORE, confirmSlug: 'x' })],
    ['createTenant', () => ({ storeId: victim.id }), () => ({ storeId: MISSING_STORE })],
    ['exportStoreData', () => ({ storeId: victim.id }), () => ({ storeId: MISSING_STORE })],
    ['deleteTenant', () => ({ tenantId: victim.tenantId }), () => ({ tenantId: 'tnt_doesnotexist00000000' })],
    ['getTenantInfo', () => ({ tenantId: victim.tenantId }), () => ({ tenantId: 'tnt_doesnotexist00000000' })],
    ['getStoreStats', () => ({ storeId: victim.id }), () => ({ storeId: MISSING_STORE })],
    ['getStoreDraft', () => ({ storeId: victim.id }), () => ({ storeId: MISSING_STORE })],
    ['saveStoreDraft', () => ({ storeId: victim.id, profile: sampleProfile() }), () => ({ storeId: MISSING_STORE, profile: sampleProfile() })],
    ['publishStoreDraft', () => ({ storeId: victim.id }), () => ({ storeId: MISSING_STORE })],
    ['discardStoreDraft', () => ({ storeId: victim.id }), () => ({ storeId: MISSING_STORE })],
    ['addCustomDomain', () => ({ storeId: victim.id, domain: 'new.com' }), () => ({ storeId: MISSING_STORE, domain: 'new.com' })],
    ['verifyCustomDomain', () => ({ storeId: victim.id, domain: 'victim.com' }), () => ({ storeId: MISSING_STORE, domain: 'victim.com' })],
    // DNS decides: neither domain shows this store's TXT record, so both answer "not found yet".
    ['verifyCustomDomain (foreign domain, own store)', () => ({ storeId: ownStore, domain: 'victim.com' }), () => ({ storeId: ownStore, domain: 'nobody.com' }), 400],
    ['removeCustomDomain', () => ({ storeId: victim.id, domain: 'victim.com' }), () => ({ storeId: MISSING_STORE, domain: 'victim.com' })],
    ['removeCustomDomain (foreign domain, own store)', () => ({ storeId: ownStore, domain: 'victim.com' }), () => ({ storeId: ownStore, domain: 'nobody.com' })],
    ['setBioSubdomain', () => ({ storeId: victim.id, name: 'mine' }), () => ({ storeId: MISSING_STORE, name: 'mine' })],
    ['setBioSubdomain (removal)', () => ({ storeId: victim.id, name: null }), () => ({ storeId: MISSING_STORE, name: null })],
    ['getStoreDomains', () => ({ storeId: victim.id }), () => ({ storeId: MISSING_STORE })],
  ];

  it.each(cases)('%s', async (label, foreign, missing, status = 404) => {
    const name = label.split(' ')[0]!;
    const foreignReply = seen(await callFunction(t.app, name, foreign(), { as: mallory }));
    const missingReply = seen(await callFunction(t.app, name, missing(), { as: mallory }));
    expect(foreignReply.status).toBe(status);
    expect(foreignReply).toEqual(missingReply);
  });

  it('left the victim’s store, tenant, domains and the attacker’s active store untouched', async () => {
    expect(await t.db.select({ id: stores.id }).from(stores).where(eq(stores.id, victim.id))).toHaveLength(1);
    expect(await t.db.select().from(tenants).where(eq(tenants.id, victim.tenantId))).toHaveLength(1);
    expect(await t.db.select().from(storeDrafts).where(eq(storeDrafts.storeId, victim.id))).toEqual([]);
    const [domain] = await t.db.select().from(customDomains).where(eq(customDomains.domain, 'victim.com'));
    expect(domain).toMatchObject({ storeId: victim.id, verifiedAt: null });
    const [bio] = await t.db.select().from(bioDomains).where(eq(bioDomains.storeId, victim.id));
    expect(bio?.fullDomain).toBe('victim.bio.example.com');
    const [attacker] = await t.db.select().from(users).where(eq(users.id, mallory.userId));
    expect(attacker?.activeStoreId).toBe(ownStore);
  });
});
