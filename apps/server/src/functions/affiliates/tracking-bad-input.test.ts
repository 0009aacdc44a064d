import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCommissions, affiliateSignups, affiliateVisits, checkouts, orders } from '#src/db/schema/index.ts';
import { memberHeaders, newFingerprint, seedAffiliate, seedMember, seedProgram, trackingCall, type SeededAffiliate } from '#src/testing/affiliate-referrals.ts';
import { seen } from '#src/testing/call-function.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

/**
 * Spec §7: the three tracking calls answer null, never an error, on any input, and a bad one writes
 * nothing. Each case is sent by a browser that would be recorded if the input were good (an active
 * affiliate's code, the member's own session).
 */
describe('tracking calls on bad input', () => {
  let t: TestApp;
  let store: { id: string };
  let affiliate: SeededAffiliate;
  let member: { id: string };
  let session: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    store = await createStoreAs(t, await signedInCreator(t), 'bad-input-shop');
    await seedProgram(t, store.id);
    affiliate = await seedAffiliate(t, store.id);
    member = await seedMember(t, store.id);
    session = await memberHeaders(t, store.id, member.id);
  });
  afterAll(() => t?.close());

  const huge = 'A'.repeat(200_000);
  const good = () => ({ storeId: store.id, referralCode: affiliate.code, fingerprint: newFingerprint() });
  type Good = ReturnType<typeof good>;
  const badVisits: [string, (g: Good) => unknown][] = [
    ['null', () => null],
    ['an array', (g) => [g]],
    ['a string', () => 'trackAffiliateVisit'],
    ['a number', () => 42],
    ['an empty object', () => ({})],
    ['no store', (g) => ({ ...g, storeId: undefined })],
    ['no code', (g) => ({ ...g, referralCode: undefined })],
    ['no fingerprint', (g) => ({ ...g, fingerprint: undefined })],
    ['a numeric store id', (g) => ({ ...g, storeId: 7 })],
    ['a code that is an object', (g) => ({ ...g, referralCode: { $ne: '' } })],
    ['a fingerprint that is a number', (g) => ({ ...g, fingerprint: 1234567890123456 })],
    ['a 17-character fingerprint', (g) => ({ ...g, fingerprint: `${g.fingerprint}a` })],
    ['a 15-character fingerprint', (g) => ({ ...g, fingerprint: g.fingerprint.slice(1) })],
    ['a fingerprint that is not hex', (g) => ({ ...g, fingerprint: 'zzzzzzzzzzzzzzzz' })],
    ['a malformed store id', (g) => ({ ...g, storeId: 'store_../../etc' })],
    ['a huge code', (g) => ({ ...g, referralCode: huge })],
    ['a huge landing URL', (g) => ({ ...g, visitInfo: { sourceUrl: `https://x.example/${huge}` } })],
    ['visitInfo as an array', (g) => ({ ...g, visitInfo: ['/'] })],
    ['a code with markup', (g) => ({ ...g, referralCode: '<script>' })],
  ];

  it.each(badVisits)('trackAffiliateVisit with %s: 200, result null, nothing written', async (_label, make) => {
    const reply = await trackingCall(t, 'trackAffiliateVisit', make(good()), { headers: session });
    expect(seen(reply)).toEqual({ status: 200, body: { result: null } });
    expect(await t.db.select().from(affiliateVisits)).toEqual([]);
  });

  it.each([
    ['null', null],
    ['an array', [{ storeId: 'x' }]],
    ['no customer', { referralCode: 'X' }],
    ['a numeric customer id', { customerId: 5 }],
    ['a 17-character fingerprint', { fingerprint: `${newFingerprint()}0` }],
    ['a huge customer id', { customerId: 'c'.repeat(200_000) }],
    ['a huge user agent', { userAgent: 'M'.repeat(200_000) }],
    ['a code that is an array', { referralCode: ['X'] }],
  ] as const)('trackAffiliateSignup with %s: 200, result null, nothing written', async (label, patch) => {
    const data = label === 'null' || label === 'an array' ? patch : { storeId: store.id, customerId: member.id, referralCode: affiliate.code, ...(patch as object) };
    if (label === 'no customer') delete (data as { customerId?: string }).customerId;
    const reply = await trackingCall(t, 'trackAffiliateSignup', data, { headers: session });
    expect(seen(reply)).toEqual({ status: 200, body: { result: null } });
    expect(await t.db.select().from(affiliateSignups)).toEqual([]);
  });

  it.each([
    ['null', null],
    ['an array', ['chk_x']],
    ['no checkout', {}],
    ['a numeric checkout id', { checkoutId: 12 }],
    ['a malformed checkout id', { checkoutId: 'ord_not-a-checkout' }],
    ['a huge checkout id', { checkoutId: `chk_${'a'.repeat(200_000)}` }],
    ['a 17-character fingerprint', { checkoutId: 'chk_aaaaaaaaaaaaaaaaaaaa', fingerprint: `${newFingerprint()}f` }],
  ] as const)('convertAffiliateReferral with %s: 200, result null, nothing written', async (_label, data) => {
    const before = { checkouts: await t.db.select().from(checkouts), orders: await t.db.select().from(orders) };
    const reply = await trackingCall(t, 'convertAffiliateReferral', data);
    expect(seen(reply)).toEqual({ status: 200, body: { result: null } });
    expect(await t.db.select().from(affiliateCommissions)).toEqual([]);
    expect({ checkouts: await t.db.select().from(checkouts), orders: await t.db.select().from(orders) }).toEqual(before);
  });

  it('the same browser’s good input is recorded (so the cases above would have written)', async () => {
    await trackingCall(t, 'trackAffiliateVisit', good(), { headers: session });
    await trackingCall(t, 'trackAffiliateSignup', { storeId: store.id, customerId: member.id, referralCode: affiliate.code }, { headers: session });
    expect(await t.db.select().from(affiliateVisits)).toHaveLength(1);
    expect(await t.db.select().from(affiliateSignups)).toHaveLength(1);
  });
});
