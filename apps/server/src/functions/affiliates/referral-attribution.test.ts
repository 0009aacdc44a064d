import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, checkouts } from '#src/db/schema/index.ts';
import { BOT_UA, newFingerprint, seedAffiliate, seedProgram, trackingCall, type SeededAffiliate } from '#src/testing/affiliate-referrals.ts';
import { checkoutCall, insertProduct, newKey, startCheckout } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs, setFlag } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WINDOW_DAYS = 10;
const clock = manualClock(new Date('2030-06-01T08:00:00.000Z'));

/** createCheckout's attribution (docs/affiliates.md "Attribution and conversion"): what the checkout row keeps. */
describe('createCheckout: affiliate attribution', () => {
  let t: TestApp;
  let store: { id: string };
  let otherStore: { id: string };
  let productId: string;
  let amy: SeededAffiliate;
  let ben: SeededAffiliate;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    store = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'attribution-shop');
    otherStore = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'attribution-other');
    await seedProgram(t, store.id, { windowDays: WINDOW_DAYS });
    await seedProgram(t, otherStore.id);
    productId = (await insertProduct(t, store.id, { priceCents: 2500 })).id;
    amy = await seedAffiliate(t, store.id);
    ben = await seedAffiliate(t, store.id);
  });
  afterAll(() => t?.close());

  const visit = (code: string, fingerprint: string, headers: Record<string, string> = {}) =>
    trackingCall(t, 'trackAffiliateVisit', { storeId: store.id, referralCode: code, fingerprint }, { headers });
  const referralOf = async (data: Record<string, unknown>) => {
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId, ...data });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    return { affiliateId: row!.affiliateId, referralCode: row!.referralCode, referredAt: row!.referredAt?.toISOString() ?? null, referralFingerprint: row!.referralFingerprint };
  };
  const NONE = { affiliateId: null, referralCode: null, referredAt: null, referralFingerprint: null };

  it('the last valid referral within the window wins: two affiliates, two visits', async () => {
    const fingerprint = newFingerprint();
    await visit(amy.code, fingerprint);
    clock.advance(HOUR);
    const benAt = clock.now().toISOString();
    await visit(ben.code, fingerprint);
    clock.advance(HOUR);
    expect(await referralOf({ fingerprint })).toEqual({ affiliateId: ben.id, referralCode: ben.code, referredAt: benAt, referralFingerprint: fingerprint });

    // Ben's link no longer counts once he is paused: Amy's earlier visit is the last valid one.
    await t.db.update(affiliates).set({ status: 'paused' }).where(eq(affiliates.id, ben.id));
    try {
      expect((await referralOf({ fingerprint })).affiliateId).toBe(amy.id);
    } finally {
      await t.db.update(affiliates).set({ status: 'active' }).where(eq(affiliates.id, ben.id));
    }
  });

  it('a visit counts until the window ends: a minute inside is attributed, a minute outside is not', async () => {
    const fingerprint = newFingerprint();
    const visitedAt = clock.now().toISOString();
    await visit(amy.code, fingerprint);
    clock.advance(WINDOW_DAYS * DAY - MINUTE);
    expect(await referralOf({ fingerprint })).toEqual({ affiliateId: amy.id, referralCode: amy.code, referredAt: visitedAt, referralFingerprint: fingerprint });
    clock.advance(2 * MINUTE);
    expect(await referralOf({ fingerprint })).toEqual(NONE);
  });

  it('the code the session carries beats an older fingerprint visit; an invalid code falls back to the visit', async () => {
    const fingerprint = newFingerprint();
    const visitedAt = clock.now().toISOString();
    await visit(amy.code, fingerprint);
    clock.advance(HOUR);
    expect(await referralOf({ fingerprint, referralCode: ben.code.toLowerCase() })).toEqual({
      affiliateId: ben.id,
      referralCode: ben.code,
      referredAt: clock.now().toISOString(),
      referralFingerprint: fingerprint,
    });
    const paused = await seedAffiliate(t, store.id, { status: 'paused' });
    const foreign = await seedAffiliate(t, otherStore.id);
    for (const referralCode of [paused.code, foreign.code, 'NOSUCHCODE', '??']) {
      expect(await referralOf({ fingerprint, referralCode })).toEqual({ affiliateId: amy.id, referralCode: amy.code, referredAt: visitedAt, referralFingerprint: fingerprint });
    }
  });

  it('a code alone (no fingerprint) is kept with the time of the checkout', async () => {
    expect(await referralOf({ referralCode: amy.code })).toEqual({ affiliateId: amy.id, referralCode: amy.code, referredAt: clock.now().toISOString(), referralFingerprint: null });
  });

  it('a bad code or fingerprint never fails the checkout; it is simply no referral', async () => {
    const cases: Record<string, unknown>[] = [
      { referralCode: '' },
      { referralCode: '<script>alert(1)</script>' },
      { referralCode: 'x'.repeat(64) },
      { referralCode: 'NOSUCHCODE' },
      { fingerprint: 'not-a-fingerprint' },
      { fingerprint: `${newFingerprint()}0` },
      { referralCode: '  ', fingerprint: '' },
    ];
    for (const data of cases) {
      const reply = await checkoutCall(t, { storeId: store.id, productId, ...data });
      expect(reply.statusCode, JSON.stringify(data)).toBe(200);
      const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, reply.json().result.checkoutId));
      expect(row?.affiliateId).toBeNull();
    }
  });

  it('ignored visits (a bot, a self-referral) are no referral', async () => {
    const fingerprint = newFingerprint();
    await visit(amy.code, fingerprint, { 'user-agent': BOT_UA });
    expect(await referralOf({ fingerprint })).toEqual(NONE);
  });

  it('another store’s visits and codes are never attributed', async () => {
    const fingerprint = newFingerprint();
    const foreign = await seedAffiliate(t, otherStore.id);
    await trackingCall(t, 'trackAffiliateVisit', { storeId: otherStore.id, referralCode: foreign.code, fingerprint });
    expect(await referralOf({ fingerprint })).toEqual(NONE);
    expect(await referralOf({ fingerprint, referralCode: foreign.code })).toEqual(NONE);
  });

  it('no referral while the store’s program or the platform flag is off', async () => {
    const fingerprint = newFingerprint();
    await visit(amy.code, fingerprint);
    await seedProgram(t, store.id, { enabled: false, windowDays: WINDOW_DAYS });
    try {
      expect(await referralOf({ fingerprint, referralCode: amy.code })).toEqual(NONE);
    } finally {
      await seedProgram(t, store.id, { windowDays: WINDOW_DAYS });
    }
    await setFlag(t, 'affiliateProgram', false);
    try {
      expect(await referralOf({ fingerprint, referralCode: amy.code })).toEqual(NONE);
    } finally {
      await setFlag(t, 'affiliateProgram', true);
    }
    expect((await referralOf({ fingerprint })).affiliateId).toBe(amy.id);
  });

  it('a retry with the same idempotency key answers the same checkout and keeps its first referral', async () => {
    const idempotencyKey = newKey();
    const first = await startCheckout(t, { storeId: store.id, productId, idempotencyKey, referralCode: amy.code });
    const retry = await startCheckout(t, { storeId: store.id, productId, idempotencyKey, referralCode: ben.code });
    expect(retry.checkoutId).toBe(first.checkoutId);
    const rows = await t.db.select().from(checkouts).where(eq(checkouts.idempotencyKey, idempotencyKey));
    expect(rows.map((row) => row.affiliateId)).toEqual([amy.id]);
  });
});
