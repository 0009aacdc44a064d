import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TXT_MISMATCH_MESSAGE, TXT_MISSING_MESSAGE, systemResolveTxt } from '../domain/domains/verify-custom-domain.ts';
import { createStoreAs, setFlag } from './stores.ts';
import { startDnsStandIn, type DnsStandIn } from './dns-stand-in.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { testEnv } from './test-env.ts';
import { callFunction } from './call-function.ts';
import { signedInCreator, type TestCreator } from './creators.ts';

let dns: DnsStandIn;
beforeAll(async () => {
  dns = await startDnsStandIn();
});
beforeEach(() => dns.clearTxt());
afterAll(() => dns?.close());

describe('the DNS stand-in, read by Node’s real resolver (systemResolveTxt)', () => {
  const resolveTxt = systemResolveTxt();
  const resolve = (name: string) => resolveTxt(name, [dns.address]);

  it('answers the TXT records set on it, chunks kept apart, names case-insensitive', async () => {
    dns.setTxt('_shopfront.shop.example.com', ['shopfront-verify=abc', ['v=spf1 ', '-all']]);
    expect(await resolve('_shopfront.Shop.Example.com')).toEqual([['shopfront-verify=abc'], ['v=spf1 ', '-all']]);
  });

  it('answers NXDOMAIN for names it does not know, and after a name is cleared', async () => {
    await expect(resolve('_shopfront.nobody.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    dns.setTxt('_shopfront.gone.example', ['x']);
    expect(await resolve('_shopfront.gone.example')).toEqual([['x']]);
    dns.clearTxt('_shopfront.gone.example');
    await expect(resolve('_shopfront.gone.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('answers NODATA for other record types of a known name', async () => {
    dns.setTxt('known.example', ['x']);
    const resolver = new Resolver({ timeout: 1_000, tries: 1 });
    resolver.setServers([dns.address]);
    await expect(resolver.resolve4('known.example')).rejects.toMatchObject({ code: 'ENODATA' });
  });

  it('is asked only when DNS_SERVERS names it', async () => {
    dns.setTxt('_shopfront.only-here.example', ['y']);
    const elsewhere = await startDnsStandIn();
    try {
      await expect(resolveTxt('_shopfront.only-here.example', [elsewhere.address])).rejects.toMatchObject({ code: 'ENOTFOUND' });
      expect(await resolve('_shopfront.only-here.example')).toEqual([['y']]);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('verifyCustomDomain through the real resolver and DNS_SERVERS', () => {
  let t: TestApp;
  let kim: TestCreator;
  let kimStore: string;

  beforeAll(async () => {
    // The registered handler, not a test double: it resolves through `node:dns` at DNS_SERVERS.
    t = await createTestApp({ env: testEnv({ DNS_SERVERS: dns.address, PRODUCT_HOSTS: 'localhost' }) });
    await setFlag(t, 'customDomains', true);
    kim = await signedInCreator(t);
    kimStore = (await createStoreAs(t, kim, 'kim-dns')).id;
  });
  afterAll(() => t?.close());

  const verify = () => callFunction(t.app, 'verifyCustomDomain', { storeId: kimStore, domain: 'shop.kim-dns.example' }, { as: kim });
  const lookup = async () => (await callFunction(t.app, 'lookupStore', { by: 'customDomain', domain: 'shop.kim-dns.example' })).json().result;

  it('refuses without the record, refuses a wrong value, verifies the shown value', async () => {
    const added = await callFunction(t.app, 'addCustomDomain', { storeId: kimStore, domain: 'shop.kim-dns.example' }, { as: kim });
    const { txtRecordName, txtRecordValue } = added.json().result as { txtRecordName: string; txtRecordValue: string };
    expect(txtRecordName).toBe('_shopfront.shop.kim-dns.example');

    const missing = await verify();
    expect([missing.statusCode, missing.json().error.message]).toEqual([400, TXT_MISSING_MESSAGE]);

    dns.setTxt(txtRecordName, [`${txtRecordValue}0`]);
    const wrong = await verify();
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([400, TXT_MISMATCH_MESSAGE]);
    // The record on another name does not count either.
    dns.clearTxt();
    dns.setTxt('shop.kim-dns.example', [txtRecordValue]);
    expect((await verify()).json().error.message).toBe(TXT_MISSING_MESSAGE);
    expect(await lookup()).toBeNull();

    dns.setTxt(txtRecordName, [txtRecordValue]);
    const ok = await verify();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ domain: 'shop.kim-dns.example', verified: true });
    expect(await lookup()).toMatchObject({ storeId: kimStore, customDomain: 'shop.kim-dns.example' });
  });
});
