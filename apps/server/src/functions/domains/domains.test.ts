import { contracts, MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customDomains, stores } from '#src/db/schema/index.ts';
import { DOMAINS_DISABLED_MESSAGE, ONE_DOMAIN_MESSAGE, PLATFORM_DOMAIN_MESSAGE } from '#src/domain/domains/custom-domain-rules.ts';
import { BIO_DISABLED_MESSAGE, BIO_TAKEN_MESSAGE } from '#src/domain/domains/set-bio-subdomain.ts';
import { TXT_MISMATCH_MESSAGE, TXT_MISSING_MESSAGE } from '#src/domain/domains/verify-custom-domain.ts';
import { DOMAIN_TAKEN_MESSAGE, INVALID_DOMAIN_MESSAGE } from '#src/domain/stores/create-dev-store.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { registerFunction } from '../types.ts';
import { createStoreAs, setFlag } from '#src/testing/stores.ts';
import { createVerifyCustomDomain } from './verify-custom-domain.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { callFunction } from '#src/testing/call-function.ts';

/** The DNS as the test wants it: TXT records by name; anything else is NXDOMAIN. */
const dnsRecords = new Map<string, string[][]>();
const fakeResolveTxt = async (name: string) => {
  const records = dnsRecords.get(name);
  if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return records;
};

describe('custom domains and bio subdomains', () => {
  let t: TestApp;
  let kim: TestCreator;
  let lee: TestCreator;
  let kimStore: string;
  let leeStore: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: testEnv({ BIO_DOMAIN: 'bio.example.com', PRODUCT_HOSTS: 'shopfront.example.com,localhost' }),
      extraFunctions: [registerFunction(contracts.verifyCustomDomain, createVerifyCustomDomain({ resolveTxt: fakeResolveTxt }))],
    });
    kim = await signedInCreator(t);
    lee = await signedInCreator(t);
    kimStore = (await createStoreAs(t, kim, 'kim-shop')).id;
    leeStore = (await createStoreAs(t, lee, 'lee-shop')).id;
  });
  beforeEach(async () => {
    dnsRecords.clear();
    await t.db.delete(customDomains);
    await t.db.update(stores).set({ customDomain: null });
    await setFlag(t, 'customDomains', true);
  });
  afterAll(() => t?.close());

  const lookupDomain = async (domain: string) =>
    (await callFunction(t.app, 'lookupStore', { by: 'customDomain', domain })).json().result;

  it('is refused while the customDomains flag is off (the default)', async () => {
    await setFlag(t, 'customDomains', false);
    for (const name of ['addCustomDomain', 'verifyCustomDomain']) {
      const response = await callFunction(t.app, name, { storeId: kimStore, domain: 'kim.com' }, { as: kim });
      expect([response.statusCode, response.json().error.message]).toEqual([400, DOMAINS_DISABLED_MESSAGE]);
    }
    const domains = await callFunction(t.app, 'getStoreDomains', { storeId: kimStore }, { as: kim });
    expect(domains.json().result.customDomainsEnabled).toBe(false);
  });

  it('adds a domain (canonical form) with the TXT record to create; it is not live yet', async () => {
    const response = await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: ' https://WWW.Kim-Shop.com/ ' }, { as: kim });
    expect(response.statusCode).toBe(200);
    const added = response.json().result;
    expect(added).toMatchObject({ domain: 'kim-shop.com', txtRecordName: '_shopfront.kim-shop.com', verified: false, verifiedAt: null });
    expect(added.txtRecordValue).toMatch(/^shopfront-verify=[0-9a-f]{32}$/);
    expect(await lookupDomain('kim-shop.com')).toBeNull();
    // Adding it again answers the same record.
    expect((await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: 'kim-shop.com' }, { as: kim })).json().result).toEqual(added);
  });

  it.each([
    ['not a host name', 'not a domain', INVALID_DOMAIN_MESSAGE],
    ['an IP address', '10.0.0.1', INVALID_DOMAIN_MESSAGE],
    ['a product host', 'shopfront.example.com', PLATFORM_DOMAIN_MESSAGE],
    ['a product host subdomain', 'x.shopfront.example.com', PLATFORM_DOMAIN_MESSAGE],
    ['the bio domain', 'bio.example.com', PLATFORM_DOMAIN_MESSAGE],
    ['a bio subdomain', 'kim.bio.example.com', PLATFORM_DOMAIN_MESSAGE],
  ])('refuses %s', async (_case, domain, message) => {
    const response = await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain }, { as: kim });
    expect([response.statusCode, response.json().error.message]).toEqual([400, message]);
  });

  it('verifies only when the TXT record is there, then the storefront answers on the domain', async () => {
    const added = (await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: 'kim-shop.com' }, { as: kim })).json().result;
    const verify = () => callFunction(t.app, 'verifyCustomDomain', { storeId: kimStore, domain: 'kim-shop.com' }, { as: kim });

    const missing = await verify();
    expect([missing.statusCode, missing.json().error.message]).toEqual([400, TXT_MISSING_MESSAGE]);
    dnsRecords.set('_shopfront.kim-shop.com', [['shopfront-verify=wrong']]);
    const wrong = await verify();
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([400, TXT_MISMATCH_MESSAGE]);
    expect(await lookupDomain('kim-shop.com')).toBeNull();

    // Long TXT values arrive split in chunks; they are joined before comparing.
    const value: string = added.txtRecordValue;
    dnsRecords.set('_shopfront.kim-shop.com', [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]]);
    const ok = await verify();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ domain: 'kim-shop.com', verified: true });
    expect(await lookupDomain('www.kim-shop.com')).toMatchObject({ storeId: kimStore, customDomain: 'kim-shop.com' });
    expect((await callFunction(t.app, 'getStore', { storeId: kimStore }, { as: kim })).json().result.customDomain).toBe('kim-shop.com');
  });

  it('one store per domain: verified elsewhere is taken; a pending claim elsewhere blocks nobody', async () => {
    const leeClaim = (await callFunction(t.app, 'addCustomDomain', { storeId: leeStore, domain: 'shared.com' }, { as: lee })).json().result;
    // Kim claims the same domain while Lee's claim is pending: allowed, with Kim's own TXT value.
    const kimClaim = await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: 'shared.com' }, { as: kim });
    expect(kimClaim.statusCode).toBe(200);
    expect(kimClaim.json().result.txtRecordValue).not.toBe(leeClaim.txtRecordValue);

    // Lee controls the DNS: Lee's record wins, whoever added last.
    dnsRecords.set('_shopfront.shared.com', [[leeClaim.txtRecordValue]]);
    const kimVerify = await callFunction(t.app, 'verifyCustomDomain', { storeId: kimStore, domain: 'shared.com' }, { as: kim });
    expect([kimVerify.statusCode, kimVerify.json().error.message]).toEqual([400, TXT_MISMATCH_MESSAGE]);
    const leeVerify = await callFunction(t.app, 'verifyCustomDomain', { storeId: leeStore, domain: 'shared.com' }, { as: lee });
    expect(leeVerify.json().result).toMatchObject({ domain: 'shared.com', verified: true });
    expect(await lookupDomain('shared.com')).toMatchObject({ storeId: leeStore });
    expect((await callFunction(t.app, 'getStoreDomains', { storeId: kimStore }, { as: kim })).json().result.customDomains).toEqual([]);

    const taken = await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: 'shared.com' }, { as: kim });
    expect([taken.statusCode, taken.json().error.message]).toEqual([409, DOMAIN_TAKEN_MESSAGE]);
  });

  it('one custom domain per store: a second needs the first removed', async () => {
    await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: 'first.com' }, { as: kim });
    const second = await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: 'second.com' }, { as: kim });
    expect([second.statusCode, second.json().error.message]).toEqual([400, ONE_DOMAIN_MESSAGE]);
    await setFlag(t, 'customDomains', false);
    // Taking a domain down is allowed even with the flag off.
    expect((await callFunction(t.app, 'removeCustomDomain', { storeId: kimStore, domain: 'first.com' }, { as: kim })).statusCode).toBe(200);
    await setFlag(t, 'customDomains', true);
    expect((await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: 'second.com' }, { as: kim })).statusCode).toBe(200);
  });

  it('removes a domain: the storefront stops answering on it', async () => {
    const added = (await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: 'gone.com' }, { as: kim })).json().result;
    dnsRecords.set('_shopfront.gone.com', [[added.txtRecordValue]]);
    await callFunction(t.app, 'verifyCustomDomain', { storeId: kimStore, domain: 'gone.com' }, { as: kim });
    expect(await lookupDomain('gone.com')).not.toBeNull();
    expect((await callFunction(t.app, 'removeCustomDomain', { storeId: kimStore, domain: 'gone.com' }, { as: kim })).json().result).toEqual({ removed: true });
    expect(await lookupDomain('gone.com')).toBeNull();
    expect((await callFunction(t.app, 'getStore', { storeId: kimStore }, { as: kim })).json().result.customDomain).toBeNull();
  });

  it('getStoreDomains shows the platform URL, the custom domain with its record, and the bio domain', async () => {
    await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: 'kim-shop.com' }, { as: kim });
    const result = (await callFunction(t.app, 'getStoreDomains', { storeId: kimStore }, { as: kim })).json().result;
    expect(result).toMatchObject({
      platformUrl: 'localhost:3000/kim-shop',
      bioDomainBase: 'bio.example.com',
      customDomainsEnabled: true,
      customDomains: [{ domain: 'kim-shop.com', verified: false }],
    });
  });

  it('bio subdomains: {name}.{BIO_DOMAIN}, one store per name, removable', async () => {
    const set = await callFunction(t.app, 'setBioSubdomain', { storeId: kimStore, name: 'Kim' }, { as: kim });
    expect(set.json().result).toEqual({ bioDomain: 'kim.bio.example.com' });
    expect((await callFunction(t.app, 'lookupStore', { by: 'bioDomain', fullDomain: 'kim.bio.example.com' })).json().result)
      .toMatchObject({ storeId: kimStore, isBioDomain: true });
    const taken = await callFunction(t.app, 'setBioSubdomain', { storeId: leeStore, name: 'kim' }, { as: lee });
    expect([taken.statusCode, taken.json().error.message]).toEqual([409, BIO_TAKEN_MESSAGE]);
    const reserved = await callFunction(t.app, 'setBioSubdomain', { storeId: leeStore, name: 'www' }, { as: lee });
    expect(reserved.statusCode).toBe(409);
    const bad = await callFunction(t.app, 'setBioSubdomain', { storeId: leeStore, name: 'a.b' }, { as: lee });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, MESSAGES.slug.invalidFormat]);

    // Renaming replaces the old one; null removes it.
    expect((await callFunction(t.app, 'setBioSubdomain', { storeId: kimStore, name: 'kimmy' }, { as: kim })).json().result.bioDomain).toBe('kimmy.bio.example.com');
    expect((await callFunction(t.app, 'setBioSubdomain', { storeId: leeStore, name: 'kim' }, { as: lee })).statusCode).toBe(200);
    expect((await callFunction(t.app, 'setBioSubdomain', { storeId: kimStore, name: null }, { as: kim })).json().result).toEqual({ bioDomain: null });
    expect((await callFunction(t.app, 'getStoreDomains', { storeId: kimStore }, { as: kim })).json().result.bioDomain).toBeNull();
  });

  it('bio subdomains are refused when BIO_DOMAIN is not set', async () => {
    const plain = await createTestApp();
    try {
      const who = await signedInCreator(plain);
      const store = await createStoreAs(plain, who, 'plain-shop');
      const response = await callFunction(plain.app, 'setBioSubdomain', { storeId: store.id, name: 'plain' }, { as: who });
      expect([response.statusCode, response.json().error.message]).toEqual([400, BIO_DISABLED_MESSAGE]);
    } finally {
      await plain.close();
    }
  });

  it('refuses client-set verification fields', async () => {
    const response = await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: 'kim-shop.com', verified: true }, { as: kim });
    expect(response.statusCode).toBe(400);
    expect(await t.db.select().from(customDomains).where(eq(customDomains.storeId, kimStore))).toEqual([]);
  });
});
