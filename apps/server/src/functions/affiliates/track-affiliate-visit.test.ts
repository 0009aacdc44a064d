import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliatePrograms } from '#src/db/schema/index.ts';
import { TRACKING_CALLS_PER_MINUTE } from '#src/domain/affiliates/tracking-rate-limit.ts';
import {
  BOT_UA,
  memberHeaders,
  newAddress,
  newFingerprint,
  seedAffiliate,
  seedMember,
  seedProgram,
  trackingCall,
  visitsOf,
  type SeededAffiliate,
} from '#src/testing/affiliate-referrals.ts';
import { seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs, setFlag } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const MINUTE = 60_000;
const clock = manualClock(new Date('2030-03-01T10:00:00.000Z'));

describe('trackAffiliateVisit', () => {
  let t: TestApp;
  let store: { id: string };
  let otherStore: { id: string };
  let affiliate: SeededAffiliate;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    store = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'visit-shop');
    otherStore = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'visit-other');
    await seedProgram(t, store.id);
    await seedProgram(t, otherStore.id);
    affiliate = await seedAffiliate(t, store.id);
  });
  afterAll(() => t?.close());

  const visit = (code: string, fingerprint: string, options: { headers?: Record<string, string>; storeId?: string; remoteAddress?: string } = {}) =>
    trackingCall(
      t,
      'trackAffiliateVisit',
      {
        storeId: options.storeId ?? store.id,
        referralCode: code,
        fingerprint,
        visitInfo: { sourceUrl: 'https://shop.example/visit-shop/p/zine?ref=X&utm_source=ig#top', userAgent: 'claimed', timestamp: 1, timezone: 'Europe/Paris', language: 'fr-FR', screen: '1440x900' },
      },
      options,
    );
  const rowsFor = async (fingerprint: string, storeId = store.id) => (await visitsOf(t, storeId)).filter((row) => row.fingerprint === fingerprint);

  it('records a counted visit with only the landing path, time zone, language and screen; answers null', async () => {
    const fingerprint = newFingerprint();
    const reply = await visit(affiliate.code.toLowerCase(), fingerprint.toUpperCase());
    expect(seen(reply)).toEqual({ status: 200, body: { result: null } });
    const [row] = await rowsFor(fingerprint);
    expect(row).toMatchObject({
      affiliateId: affiliate.id,
      code: affiliate.code,
      fingerprint,
      outcome: 'counted',
      ignoredReason: null,
      landingPath: '/visit-shop/p/zine',
      timezone: 'Europe/Paris',
      language: 'fr-FR',
      screen: '1440x900',
    });
    expect(row?.createdAt.toISOString()).toBe(clock.now().toISOString());
  });

  it('is idempotent per session and fingerprint: 5 parallel calls make one row, another fingerprint a second', async () => {
    const fingerprint = newFingerprint();
    const replies = await Promise.all(Array.from({ length: 5 }, () => visit(affiliate.code, fingerprint)));
    expect(replies.map((reply) => seen(reply))).toEqual(Array.from({ length: 5 }, () => ({ status: 200, body: { result: null } })));
    expect(await rowsFor(fingerprint)).toHaveLength(1);

    const second = newFingerprint();
    await Promise.all(Array.from({ length: 5 }, () => visit(affiliate.code, second)));
    expect(await rowsFor(second)).toHaveLength(1);
    expect(await rowsFor(fingerprint)).toHaveLength(1);
  });

  it('counts the same fingerprint again once the 30-minute session is over, not a second before', async () => {
    const fingerprint = newFingerprint();
    await visit(affiliate.code, fingerprint);
    clock.advance(30 * MINUTE - 1000);
    await visit(affiliate.code, fingerprint);
    expect(await rowsFor(fingerprint)).toHaveLength(1);
    clock.advance(1000);
    await Promise.all(Array.from({ length: 3 }, () => visit(affiliate.code, fingerprint)));
    const rows = await rowsFor(fingerprint);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.outcome)).toEqual(['counted', 'counted']);
  });

  describe('ignored visits are recorded with their reason', () => {
    it('an unknown code: on the store given, linked to no affiliate', async () => {
      const fingerprint = newFingerprint();
      await visit('NOSUCHCODE', fingerprint);
      expect(await rowsFor(fingerprint)).toEqual([expect.objectContaining({ outcome: 'ignored', ignoredReason: 'unknown-code', affiliateId: null, code: 'NOSUCHCODE' })]);
    });

    it.each(['paused', 'pending', 'removed'] as const)('a %s affiliate: inactive', async (status) => {
      const other = await seedAffiliate(t, store.id, { status });
      const fingerprint = newFingerprint();
      await visit(other.code, fingerprint);
      expect(await rowsFor(fingerprint)).toEqual([expect.objectContaining({ outcome: 'ignored', ignoredReason: 'inactive', affiliateId: other.id })]);
    });

    it('another store’s code: inactive, and not linked to that store’s affiliate', async () => {
      const foreign = await seedAffiliate(t, otherStore.id);
      const fingerprint = newFingerprint();
      await visit(foreign.code, fingerprint);
      expect(await rowsFor(fingerprint)).toEqual([expect.objectContaining({ outcome: 'ignored', ignoredReason: 'inactive', affiliateId: null })]);
      expect(await rowsFor(fingerprint, otherStore.id)).toEqual([]);
    });

    it('the affiliate’s own members session: self-referral; another member’s session is counted', async () => {
      const own = await visit(affiliate.code, newFingerprint(), { headers: await memberHeaders(t, store.id, affiliate.customerId, clock.now()) });
      expect(seen(own)).toEqual({ status: 200, body: { result: null } });
      const stranger = await seedMember(t, store.id);
      const fingerprints = [newFingerprint(), newFingerprint()];
      await visit(affiliate.code, fingerprints[0]!, { headers: await memberHeaders(t, store.id, affiliate.customerId, clock.now()) });
      await visit(affiliate.code, fingerprints[1]!, { headers: await memberHeaders(t, store.id, stranger.id, clock.now()) });
      expect((await rowsFor(fingerprints[0]!))[0]).toMatchObject({ outcome: 'ignored', ignoredReason: 'self-referral', affiliateId: affiliate.id });
      expect((await rowsFor(fingerprints[1]!))[0]).toMatchObject({ outcome: 'counted', ignoredReason: null });
    });

    it('a bot’s user agent (the request header, not what visitInfo claims): bot', async () => {
      const fingerprint = newFingerprint();
      await visit(affiliate.code, fingerprint, { headers: { 'user-agent': BOT_UA } });
      expect(await rowsFor(fingerprint)).toEqual([expect.objectContaining({ outcome: 'ignored', ignoredReason: 'bot', affiliateId: affiliate.id })]);
      const scripted = newFingerprint();
      await visit(affiliate.code, scripted, { headers: { 'user-agent': '' } });
      expect((await rowsFor(scripted))[0]?.ignoredReason).toBe('bot');
    });
  });

  it('records nothing for a store whose program is off or was never set up', async () => {
    const never = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'visit-never');
    const off = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'visit-off');
    await seedProgram(t, off.id, { enabled: false });
    const neverAffiliate = await seedAffiliate(t, never.id);
    const offAffiliate = await seedAffiliate(t, off.id);
    expect(seen(await visit(neverAffiliate.code, newFingerprint(), { storeId: never.id }))).toEqual({ status: 200, body: { result: null } });
    expect(seen(await visit(offAffiliate.code, newFingerprint(), { storeId: off.id }))).toEqual({ status: 200, body: { result: null } });
    await visit('NOSUCHCODE', newFingerprint(), { storeId: off.id });
    expect(await visitsOf(t, never.id)).toEqual([]);
    expect(await visitsOf(t, off.id)).toEqual([]);

    await t.db.update(affiliatePrograms).set({ enabled: true }).where(eq(affiliatePrograms.storeId, off.id));
    await visit(offAffiliate.code, newFingerprint(), { storeId: off.id });
    expect(await visitsOf(t, off.id)).toHaveLength(1);
  });

  it('records nothing while the platform flag is off', async () => {
    const fingerprint = newFingerprint();
    await setFlag(t, 'affiliateProgram', false);
    try {
      expect(seen(await visit(affiliate.code, fingerprint))).toEqual({ status: 200, body: { result: null } });
      expect(await rowsFor(fingerprint)).toEqual([]);
    } finally {
      await setFlag(t, 'affiliateProgram', true);
    }
    await visit(affiliate.code, fingerprint);
    expect(await rowsFor(fingerprint)).toHaveLength(1);
  });

  it(`one address gets ${TRACKING_CALLS_PER_MINUTE} calls a minute; the next answers null and writes nothing`, async () => {
    clock.advance(MINUTE);
    const address = newAddress();
    for (let call = 1; call < TRACKING_CALLS_PER_MINUTE; call += 1) {
      expect(seen(await trackingCall(t, 'trackAffiliateVisit', { storeId: store.id }, { remoteAddress: address }))).toEqual({ status: 200, body: { result: null } });
    }
    const last = newFingerprint();
    const over = newFingerprint();
    await visit(affiliate.code, last, { remoteAddress: address });
    expect(seen(await visit(affiliate.code, over, { remoteAddress: address }))).toEqual({ status: 200, body: { result: null } });
    expect(await rowsFor(last)).toHaveLength(1);
    expect(await rowsFor(over)).toEqual([]);

    await visit(affiliate.code, over, { remoteAddress: newAddress() });
    expect(await rowsFor(over)).toHaveLength(1);
    clock.advance(MINUTE);
    const nextMinute = newFingerprint();
    await visit(affiliate.code, nextMinute, { remoteAddress: address });
    expect(await rowsFor(nextMinute)).toHaveLength(1);
  });
});
