import { AFFILIATE_LIMITS, AFFILIATE_MESSAGES, MESSAGES, type AffiliateCommission, type AffiliatePayout } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCommissions, affiliatePayouts } from '#src/db/schema/index.ts';
import { DAY_MS, missingId, resultOf, seedAffiliateProgram, seedCommission, seedStoreAffiliate, signedInMember, type TestAffiliate } from '#src/testing/affiliate-accounts.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedProduct, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const clock = manualClock(new Date('2030-08-01T08:00:00.000Z'));
const at = (days: number) => new Date(clock.now().getTime() + days * DAY_MS);

describe('listAffiliateCommissions, payAffiliate and listAffiliatePayouts', () => {
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;
  let foreign: TestAffiliate;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    other = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    await seedAffiliateProgram(t, shop.id);
    await seedAffiliateProgram(t, other.id);
    foreign = await seedStoreAffiliate(t, other.id);
    await seedCommission(t, { storeId: other.id, affiliateId: foreign.id, holdUntil: at(-1) });
  });
  afterAll(() => t?.close());

  const commissions = (affiliateId?: string, store = shop) =>
    resultOf<{ commissions: AffiliateCommission[] }>(callFunction(t.app, 'listAffiliateCommissions', { storeId: store.id, ...(affiliateId ? { affiliateId } : {}) }, { as: store.owner })).then((r) => r.commissions);
  const pay = (affiliateId: string, note?: string, storeId = shop.id) => callFunction(t.app, 'payAffiliate', { storeId, affiliateId, ...(note === undefined ? {} : { note }) }, { as: shop.owner });
  const payouts = () => resultOf<{ payouts: AffiliatePayout[] }>(callFunction(t.app, 'listAffiliatePayouts', { storeId: shop.id }, { as: shop.owner })).then((r) => r.payouts);
  const rowsOf = (affiliateId: string) => t.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.affiliateId, affiliateId));
  const payoutRowsOf = (affiliateId: string) => t.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.affiliateId, affiliateId));
  const nothingPayable = { status: 400, body: { error: { status: 'FAILED_PRECONDITION', message: AFFILIATE_MESSAGES.nothingPayable } } };

  it('lists commissions newest first, each in its state now, with the order’s product title and the affiliate’s name', async () => {
    const ada = await seedStoreAffiliate(t, shop.id, { name: 'Ada Affiliate' });
    const c = (days: number, extra: Partial<Parameters<typeof seedCommission>[1]>) => seedCommission(t, { storeId: shop.id, affiliateId: ada.id, createdAt: at(days), holdUntil: at(1), ...extra });
    const pending = await c(-5, { productTitle: 'Glaze Book', orderCents: 4000, amountCents: 800 });
    const boundary = await c(-4, { holdUntil: clock.now(), amountCents: 300 });
    const payable = await c(-3, { holdUntil: at(-1), amountCents: 1000, reversedCents: 250 });
    const cancelled = await c(-2, { holdUntil: at(-1), amountCents: 500, reversedCents: 500 });
    const live = await c(-1, { testMode: false, holdUntil: at(-1), amountCents: 700 });
    const list = await commissions(ada.id);
    expect(list.map((row) => [row.id, row.status])).toEqual([
      [live.id, 'payable'],
      [cancelled.id, 'cancelled'],
      [payable.id, 'payable'],
      [boundary.id, 'payable'],
      [pending.id, 'pending'],
    ]);
    expect(list[4]).toEqual({
      id: pending.id,
      affiliateId: ada.id,
      affiliateName: 'Ada Affiliate',
      orderId: pending.orderId,
      productTitle: 'Glaze Book',
      currency: 'USD',
      baseCents: 4000,
      amountCents: 800,
      reversedCents: 0,
      netCents: 800,
      status: 'pending',
      testMode: true,
      holdUntil: at(1).toISOString(),
      payoutId: null,
      createdAt: at(-5).toISOString(),
    });
    expect(list[2]).toMatchObject({ amountCents: 1000, reversedCents: 250, netCents: 750 });
    expect(list[1]).toMatchObject({ netCents: 0, status: 'cancelled' });
    // The store-wide list has them too, and nothing of the other store.
    const all = await commissions();
    expect(all.map((row) => row.id)).toEqual(expect.arrayContaining(list.map((row) => row.id)));
    expect(all.every((row) => row.affiliateId !== foreign.id)).toBe(true);
  });

  it('pays every payable commission once: pending and cancelled ones stay, the second click finds nothing', async () => {
    const bo = await seedStoreAffiliate(t, shop.id, { name: 'Bo Payee' });
    const c = (extra: Partial<Parameters<typeof seedCommission>[1]>) => seedCommission(t, { storeId: shop.id, affiliateId: bo.id, holdUntil: at(-1), ...extra });
    const a = await c({ amountCents: 1000, reversedCents: 250 });
    const b = await c({ amountCents: 2001 });
    const pending = await c({ amountCents: 999, holdUntil: at(2) });
    const cancelled = await c({ amountCents: 400, reversedCents: 400 });
    const eur = await c({ amountCents: 1234, currency: 'EUR' });
    clock.advance(1000);
    const paid = await resultOf<{ payouts: AffiliatePayout[] }>(pay(bo.id, '  Bank transfer 2030-08  '));
    expect(paid.payouts).toEqual([
      { id: expect.stringMatching(/^afp_/), affiliateId: bo.id, affiliateName: 'Bo Payee', amountCents: 1234, currency: 'EUR', commissionCount: 1, method: 'manual', note: 'Bank transfer 2030-08', createdAt: clock.now().toISOString() },
      { id: expect.stringMatching(/^afp_/), affiliateId: bo.id, affiliateName: 'Bo Payee', amountCents: 750 + 2001, currency: 'USD', commissionCount: 2, method: 'manual', note: 'Bank transfer 2030-08', createdAt: clock.now().toISOString() },
    ]);
    const [eurPayout, usdPayout] = paid.payouts;
    const rows = new Map((await rowsOf(bo.id)).map((row) => [row.id, row.payoutId]));
    expect(Object.fromEntries([a, b, pending, cancelled, eur].map((row) => [row.id, rows.get(row.id)]))).toEqual({
      [a.id]: usdPayout!.id,
      [b.id]: usdPayout!.id,
      [pending.id]: null,
      [cancelled.id]: null,
      [eur.id]: eurPayout!.id,
    });
    expect((await payoutRowsOf(bo.id)).map((row) => row.createdBy)).toEqual([shop.owner.userId, shop.owner.userId]);
    expect((await commissions(bo.id)).filter((row) => row.status === 'paid').map((row) => row.id).sort()).toEqual([a.id, b.id, eur.id].sort());

    expect(seen(await pay(bo.id))).toEqual(nothingPayable);
    expect(await payoutRowsOf(bo.id)).toHaveLength(2);
    // Once the pending one matures, it is paid on its own.
    clock.advance(2 * DAY_MS);
    const later = await resultOf<{ payouts: AffiliatePayout[] }>(pay(bo.id));
    expect(later.payouts).toMatchObject([{ amountCents: 999, commissionCount: 1, note: '' }]);
  });

  it('two clicks while the rows are busy make one payout (the second waits, then finds nothing)', async () => {
    const cy = await seedStoreAffiliate(t, shop.id);
    const first = await seedCommission(t, { storeId: shop.id, affiliateId: cy.id, holdUntil: at(-1), amountCents: 1500 });
    await seedCommission(t, { storeId: shop.id, affiliateId: cy.id, holdUntil: at(-1), amountCents: 500 });
    // Another transaction (a refund, say) holds one commission row, so both clicks are in flight at once.
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const blocker = t.db.transaction(async (tx) => {
      await tx.select().from(affiliateCommissions).where(eq(affiliateCommissions.id, first.id)).for('update');
      locked();
      await released;
    });
    await isLocked;
    const clicks = Promise.all([pay(cy.id), pay(cy.id)]);
    await untilWaitingOnLocks(2);
    release();
    await blocker;
    const replies = (await clicks).map(seen);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    expect(replies.find((reply) => reply.status === 400)).toEqual(nothingPayable);
    const rows = await payoutRowsOf(cy.id);
    expect(rows).toMatchObject([{ amountCents: 2000, commissionCount: 2 }]);
    expect((await rowsOf(cy.id)).every((row) => row.payoutId === rows[0]!.id)).toBe(true);
  });

  it('five clicks at once make one payout', async () => {
    const dot = await seedStoreAffiliate(t, shop.id);
    await seedCommission(t, { storeId: shop.id, affiliateId: dot.id, holdUntil: at(-1), amountCents: 700 });
    const replies = (await Promise.all(Array.from({ length: 5 }, () => pay(dot.id)))).map(seen);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await payoutRowsOf(dot.id)).toMatchObject([{ amountCents: 700 }]);
  });

  /** Polls (no sleep) until `count` sessions of this test database wait on a row lock. */
  async function untilWaitingOnLocks(count: number) {
    for (let attempt = 0; attempt < 10_000; attempt++) {
      const result = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      if ((result.rows[0]?.n ?? 0) >= count) return;
    }
    throw new Error(`fewer than ${count} sessions ever waited on a lock`);
  }

  it('refuses an affiliate with nothing payable yet, and one whose every sale was refunded', async () => {
    const di = await seedStoreAffiliate(t, shop.id);
    expect(seen(await pay(di.id))).toEqual(nothingPayable);
    await seedCommission(t, { storeId: shop.id, affiliateId: di.id, holdUntil: at(1) });
    await seedCommission(t, { storeId: shop.id, affiliateId: di.id, holdUntil: at(-1), amountCents: 300, reversedCents: 300 });
    expect(seen(await pay(di.id))).toEqual(nothingPayable);
    expect(await payoutRowsOf(di.id)).toEqual([]);
  });

  it('pays a removed affiliate what they earned', async () => {
    const ex = await seedStoreAffiliate(t, shop.id, { status: 'removed' });
    await seedCommission(t, { storeId: shop.id, affiliateId: ex.id, holdUntil: at(-1), amountCents: 450 });
    expect(await resultOf<{ payouts: AffiliatePayout[] }>(pay(ex.id))).toMatchObject({ payouts: [{ amountCents: 450 }] });
  });

  it('takes a note of 200 characters and refuses 201', async () => {
    const ed = await seedStoreAffiliate(t, shop.id);
    await seedCommission(t, { storeId: shop.id, affiliateId: ed.id, holdUntil: at(-1) });
    expect(seen(await pay(ed.id, 'n'.repeat(AFFILIATE_LIMITS.payoutNoteMax + 1)))).toMatchObject({ status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: AFFILIATE_MESSAGES.payoutNote } } });
    expect(seen(await pay(ed.id, 'line\nbreak')).status).toBe(400);
    expect(await payoutRowsOf(ed.id)).toEqual([]);
    const paid = await resultOf<{ payouts: AffiliatePayout[] }>(pay(ed.id, 'n'.repeat(AFFILIATE_LIMITS.payoutNoteMax)));
    expect(paid.payouts[0]!.note).toHaveLength(200);
  });

  it('the test clock matures test-mode commissions only', async () => {
    const fi = await seedStoreAffiliate(t, shop.id);
    const test = await seedCommission(t, { storeId: shop.id, affiliateId: fi.id, holdUntil: at(14), amountCents: 1400, testMode: true });
    const live = await seedCommission(t, { storeId: shop.id, affiliateId: fi.id, holdUntil: at(14), amountCents: 2800, testMode: false });
    const advance = (days: number) => resultOf(callFunction(t.app, 'advanceAffiliateTestClock', { storeId: shop.id, days }, { as: shop.owner }));
    const states = async () => Object.fromEntries((await commissions(fi.id)).map((row) => [row.id, row.status]));
    await advance(13);
    expect(await states()).toEqual({ [test.id]: 'pending', [live.id]: 'pending' });
    expect(seen(await pay(fi.id))).toEqual(nothingPayable);
    await advance(1);
    expect(await states()).toEqual({ [test.id]: 'payable', [live.id]: 'pending' });
    expect(await resultOf<{ payouts: AffiliatePayout[] }>(pay(fi.id))).toMatchObject({ payouts: [{ amountCents: 1400, commissionCount: 1 }] });
    expect(await states()).toEqual({ [test.id]: 'paid', [live.id]: 'pending' });
    // Real time still matures the live one.
    clock.advance(14 * DAY_MS);
    expect((await states())[live.id]).toBe('payable');
  });

  it('lists payouts newest first with the affiliate’s name and the note', async () => {
    const list = await payouts();
    expect(list.length).toBeGreaterThanOrEqual(6);
    const times = list.map((row) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.find((row) => row.affiliateName === 'Bo Payee' && row.currency === 'EUR')).toMatchObject({ note: 'Bank transfer 2030-08', method: 'manual' });
    expect(list.every((row) => row.affiliateId !== foreign.id)).toBe(true);
  });

  it(`answers at most ${AFFILIATE_LIMITS.listMax} commissions and payouts, the newest`, async () => {
    const gus = await seedStoreAffiliate(t, shop.id);
    const productId = (await seedProduct(t, shop.id)).id;
    const buyerId = (await signedInMember(t, shop.id)).id;
    const ids: string[] = [];
    for (let i = 0; i < AFFILIATE_LIMITS.listMax + 1; i++) {
      ids.push((await seedCommission(t, { storeId: shop.id, affiliateId: gus.id, productId, buyerId, holdUntil: at(-1), createdAt: new Date(at(-3).getTime() + i * 1000) })).id);
    }
    const list = await commissions(gus.id);
    expect(list).toHaveLength(AFFILIATE_LIMITS.listMax);
    expect(list[0]!.id).toBe(ids.at(-1));
    expect(list.map((row) => row.id)).not.toContain(ids[0]);
    const rows = Array.from({ length: AFFILIATE_LIMITS.listMax + 1 }, (_, i) => ({
      id: `afp_${String(i).padStart(20, '0')}`,
      storeId: shop.id,
      affiliateId: gus.id,
      amountCents: 1,
      currency: 'USD',
      commissionCount: 1,
      method: 'manual' as const,
      createdAt: new Date(at(30).getTime() + i * 1000),
    }));
    await t.db.insert(affiliatePayouts).values(rows);
    const listed = await payouts();
    expect(listed).toHaveLength(AFFILIATE_LIMITS.listMax);
    expect(listed[0]!.id).toBe(rows.at(-1)!.id);
    expect(listed.map((row) => row.id)).not.toContain(rows[0]!.id);
  });

  describe('foreign ids answer exactly like missing ones', () => {
    it('another store’s affiliate: listAffiliateCommissions and payAffiliate', async () => {
      const missing = seen(await callFunction(t.app, 'listAffiliateCommissions', { storeId: shop.id, affiliateId: missingId('aff') }, { as: shop.owner }));
      expect(missing).toEqual({ status: 404, body: { error: { status: 'NOT_FOUND', message: AFFILIATE_MESSAGES.affiliateNotFound } } });
      expect(seen(await callFunction(t.app, 'listAffiliateCommissions', { storeId: shop.id, affiliateId: foreign.id }, { as: shop.owner }))).toEqual(missing);
      expect(seen(await pay(missingId('aff')))).toEqual(missing);
      expect(seen(await pay(foreign.id))).toEqual(missing);
      expect(await payoutRowsOf(foreign.id)).toEqual([]);
    });

    it.each([
      ['listAffiliateCommissions', {}],
      ['payAffiliate', { affiliateId: 'OWN' }],
      ['listAffiliatePayouts', {}],
    ] as const)('another creator’s store: %s', async (name, data) => {
      const input = { ...data, ...('affiliateId' in data ? { affiliateId: foreign.id } : {}) };
      // The other store's owner, naming their own affiliate through this store: not found.
      const foreignStore = seen(await callFunction(t.app, name, { storeId: shop.id, ...input }, { as: other.owner }));
      const missing = seen(await callFunction(t.app, name, { storeId: missingId('store'), ...input }, { as: other.owner }));
      expect(foreignStore).toEqual({ status: 404, body: { error: { status: 'NOT_FOUND', message: MESSAGES.stores.notFound } } });
      expect(foreignStore).toEqual(missing);
      expect(await payoutRowsOf(foreign.id)).toEqual([]);
    });
  });
});
