import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, seedAffiliateProgram, seedCommission, seedStoreAffiliate, signedInMember, type TestAffiliate } from '#src/testing/affiliate-accounts.ts';
import { bearer, cookieHeader } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const clock = manualClock(new Date('2030-10-05T10:00:00.000Z'));
const at = (days: number) => new Date(clock.now().getTime() + days * DAY_MS);

describe('GET /api/stores/:storeId/affiliate-payouts.csv', () => {
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;
  let ada: TestAffiliate;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    other = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    await seedAffiliateProgram(t, shop.id);
    ada = await seedStoreAffiliate(t, shop.id, { name: 'Ada Lovelace', email: 'ada@example.com' });
    const evil = await seedStoreAffiliate(t, shop.id, { name: '=HYPERLINK("http://evil.example","x")', email: 'evil@example.com', status: 'removed' });
    const waiting = await seedStoreAffiliate(t, shop.id, { name: 'Will Waiting', email: 'will@example.com' });
    const payable = (affiliateId: string, amountCents: number, currency = 'USD', extra: Partial<Parameters<typeof seedCommission>[1]> = {}) =>
      seedCommission(t, { storeId: shop.id, affiliateId, amountCents, currency, holdUntil: at(-1), ...extra });
    await payable(ada.id, 1000);
    await payable(ada.id, 234, 'USD', { reversedCents: 0 });
    await payable(ada.id, 1500, 'USD', { reversedCents: 500 });
    await payable(ada.id, 1234, 'KWD');
    await payable(ada.id, 500, 'JPY');
    await payable(ada.id, 800, 'USD', { reversedCents: 800 }); // cancelled
    await payable(evil.id, 999);
    await payable(waiting.id, 5000, 'USD', { holdUntil: at(3) }); // still pending
    const foreign = await seedStoreAffiliate(t, other.id, { name: 'Fay Foreign', email: 'fay@example.com' });
    await seedCommission(t, { storeId: other.id, affiliateId: foreign.id, holdUntil: at(-1) });
  });
  afterAll(() => t?.close());

  const download = (storeId: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/stores/${storeId}/affiliate-payouts.csv`, headers });

  it('gives the owner one row per affiliate and currency with a payable balance, in major units', async () => {
    const response = await download(shop.id, bearer(shop.owner.token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="affiliate-payouts-${shop.slug}-2030-10-05.csv"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const [header, ...rows] = parse(response.body) as string[][];
    expect(header).toEqual(['name', 'email', 'code', 'currency', 'payable', 'commissions']);
    expect(rows.sort((a, b) => `${a[1]} ${a[3]}`.localeCompare(`${b[1]} ${b[3]}`))).toEqual([
      ['Ada Lovelace', 'ada@example.com', ada.code, 'JPY', '500', '1'],
      ['Ada Lovelace', 'ada@example.com', ada.code, 'KWD', '1.234', '1'],
      ['Ada Lovelace', 'ada@example.com', ada.code, 'USD', '22.34', '3'],
      [`'=HYPERLINK("http://evil.example","x")`, 'evil@example.com', expect.stringMatching(/^[A-Z2-9]{8}$/), 'USD', '9.99', '1'],
    ]);
    expect(response.body).not.toContain('will@example.com');
    expect(response.body).not.toContain('fay@example.com');
  });

  it('gives another store’s owner their own rows only, and a store with nothing payable only the header', async () => {
    const theirs = await download(other.id, cookieHeader(other.owner.token));
    expect(parse(theirs.body)).toEqual([
      ['name', 'email', 'code', 'currency', 'payable', 'commissions'],
      ['Fay Foreign', 'fay@example.com', expect.any(String), 'USD', '20.00', '1'],
    ]);
    const empty = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    const none = await download(empty.id, bearer(empty.owner.token));
    expect(none.statusCode).toBe(200);
    expect(parse(none.body)).toEqual([['name', 'email', 'code', 'currency', 'payable', 'commissions']]);
  });

  it('answers another creator’s store exactly like a missing one', async () => {
    const foreign = await download(shop.id, bearer(other.owner.token));
    const missing = await download(`store_${'0'.repeat(20)}`, bearer(other.owner.token));
    expect(foreign.statusCode).toBe(404);
    expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({ status: missing.statusCode, body: missing.json() });
    expect(foreign.body).not.toContain('ada@example.com');
  });

  it('refuses the signed out and a members-area customer', async () => {
    expect((await download(shop.id, {})).statusCode).toBe(401);
    const member = await signedInMember(t, shop.id, { now: clock.now() });
    expect((await download(shop.id, member.headers)).statusCode).toBe(401);
  });
});
