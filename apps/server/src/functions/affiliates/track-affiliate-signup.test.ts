import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER_UA,
  memberHeaders,
  newFingerprint,
  seedAffiliate,
  seedMember,
  seedProgram,
  signupsOf,
  trackingCall,
  type SeededAffiliate,
} from '#src/testing/affiliate-referrals.ts';
import { seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs, setFlag } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const clock = manualClock(new Date('2030-04-01T09:00:00.000Z'));

describe('trackAffiliateSignup', () => {
  let t: TestApp;
  let store: { id: string };
  let otherStore: { id: string };
  let affiliate: SeededAffiliate;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    store = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'signup-shop');
    otherStore = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'signup-other');
    await seedProgram(t, store.id, { windowDays: 7 });
    await seedProgram(t, otherStore.id);
    affiliate = await seedAffiliate(t, store.id);
  });
  afterAll(() => t?.close());

  const signup = async (data: Record<string, unknown>, headers: Record<string, string> = {}) =>
    seen(await trackingCall(t, 'trackAffiliateSignup', { storeId: store.id, ...data }, { headers }));
  const NULL = { status: 200, body: { result: null } };
  const signupOf = async (customerId: string) => (await signupsOf(t, store.id)).filter((row) => row.customerId === customerId);

  it('records the caller’s own signup once, with the browser and OS instead of the user agent', async () => {
    const member = await seedMember(t, store.id);
    const session = await memberHeaders(t, store.id, member.id, clock.now());
    const fingerprint = newFingerprint();
    const data = { customerId: member.id, customerEmail: member.email, customerName: 'Nia', referralCode: affiliate.code.toLowerCase(), fingerprint, userAgent: 'claimed', timezone: 'Asia/Tokyo', language: 'ja' };
    const replies = await Promise.all(Array.from({ length: 5 }, () => signup(data, session)));
    expect(replies).toEqual(Array.from({ length: 5 }, () => NULL));
    const rows = await signupOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ affiliateId: affiliate.id, fingerprint, userAgent: 'Chrome on macOS', timezone: 'Asia/Tokyo', language: 'ja' });
    expect(rows[0]?.userAgent).not.toContain(BROWSER_UA.slice(0, 20));

    const later = await seedAffiliate(t, store.id);
    expect(await signup({ ...data, referralCode: later.code }, session)).toEqual(NULL);
    expect((await signupOf(member.id)).map((row) => row.affiliateId)).toEqual([affiliate.id]);
  });

  it('without a code: the fingerprint’s latest counted visit within the window names the affiliate', async () => {
    const fingerprint = newFingerprint();
    await trackingCall(t, 'trackAffiliateVisit', { storeId: store.id, referralCode: affiliate.code, fingerprint });
    clock.advance(7 * DAY - MINUTE);
    const inside = await seedMember(t, store.id);
    expect(await signup({ customerId: inside.id, fingerprint }, await memberHeaders(t, store.id, inside.id, clock.now()))).toEqual(NULL);
    expect((await signupOf(inside.id)).map((row) => row.affiliateId)).toEqual([affiliate.id]);

    clock.advance(2 * MINUTE);
    const outside = await seedMember(t, store.id);
    expect(await signup({ customerId: outside.id, fingerprint }, await memberHeaders(t, store.id, outside.id, clock.now()))).toEqual(NULL);
    expect(await signupOf(outside.id)).toEqual([]);
  });

  it('another customer’s id, no session, or another store’s session record nothing', async () => {
    const caller = await seedMember(t, store.id);
    const victim = await seedMember(t, store.id);
    const callerSession = await memberHeaders(t, store.id, caller.id, clock.now());
    expect(await signup({ customerId: victim.id, referralCode: affiliate.code }, callerSession)).toEqual(NULL);
    expect(await signup({ customerId: victim.id, referralCode: affiliate.code })).toEqual(NULL);
    const foreign = await seedMember(t, otherStore.id);
    const foreignSession = await memberHeaders(t, otherStore.id, foreign.id, clock.now());
    expect(await signup({ customerId: foreign.id, referralCode: affiliate.code }, foreignSession)).toEqual(NULL);
    expect(await signupsOf(t, store.id)).not.toContainEqual(expect.objectContaining({ customerId: victim.id }));
    expect(await signupsOf(t, otherStore.id)).toEqual([]);
    expect(await signupOf(caller.id)).toEqual([]);

    expect(await signup({ customerId: victim.id, referralCode: affiliate.code }, await memberHeaders(t, store.id, victim.id, clock.now()))).toEqual(NULL);
    expect(await signupOf(victim.id)).toHaveLength(1);
  });

  it('a self-referral, an inactive affiliate or another store’s code records nothing', async () => {
    const self = await signup({ customerId: affiliate.customerId, referralCode: affiliate.code }, await memberHeaders(t, store.id, affiliate.customerId, clock.now()));
    expect(self).toEqual(NULL);
    expect(await signupOf(affiliate.customerId)).toEqual([]);

    const member = await seedMember(t, store.id);
    const session = await memberHeaders(t, store.id, member.id, clock.now());
    const paused = await seedAffiliate(t, store.id, { status: 'paused' });
    const foreign = await seedAffiliate(t, otherStore.id);
    expect(await signup({ customerId: member.id, referralCode: paused.code }, session)).toEqual(NULL);
    expect(await signup({ customerId: member.id, referralCode: foreign.code }, session)).toEqual(NULL);
    expect(await signup({ customerId: member.id, referralCode: 'NOSUCHCODE' }, session)).toEqual(NULL);
    expect(await signupOf(member.id)).toEqual([]);
  });

  it('records nothing while the store’s program or the platform flag is off', async () => {
    const member = await seedMember(t, store.id);
    const session = await memberHeaders(t, store.id, member.id, clock.now());
    await seedProgram(t, store.id, { enabled: false, windowDays: 7 });
    expect(await signup({ customerId: member.id, referralCode: affiliate.code }, session)).toEqual(NULL);
    await seedProgram(t, store.id, { windowDays: 7 });
    await setFlag(t, 'affiliateProgram', false);
    try {
      expect(await signup({ customerId: member.id, referralCode: affiliate.code }, session)).toEqual(NULL);
    } finally {
      await setFlag(t, 'affiliateProgram', true);
    }
    expect(await signupOf(member.id)).toEqual([]);
    await signup({ customerId: member.id, referralCode: affiliate.code }, session);
    expect(await signupOf(member.id)).toHaveLength(1);
  });
});
