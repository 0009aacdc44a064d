import { parse } from 'csv-parse/sync';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCommissions, paymentPlanCharges } from '#src/db/schema/index.ts';
import { affiliateStats } from '#src/domain/affiliates/affiliate-stats.ts';
import { insertInstalmentCommission } from '#src/domain/affiliates/instalment-commission.ts';
import { ANALYTICS_EVENT_KIND, createAnalyticsEventJob } from '#src/domain/analytics/ingest/analytics-event-job.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { seedAffiliate, seedProgram } from '#src/testing/affiliate-referrals.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { chargeTestPlanInstalment } from './charge-test-plan-instalment.ts';
import { buyInInstalments, planClock, plannedDownload, planRow } from './payment-plan-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const MINUTE = 60_000;
const DUE_2 = new Date('2030-07-01T12:00:00.000Z');
const DUE_3 = new Date('2030-08-01T12:00:00.000Z');
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** A plan's later instalments are revenue everywhere a creator reads money, and earn commissions (decision 047). */
describe('the later instalments of a payment plan in revenue and commissions', () => {
  let t: TestApp;
  let driver: ReturnType<typeof planClock>;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    driver = planClock(t, clock.now);
  });
  afterAll(() => t?.close());

  /** A store of its own (its clock moves alone) whose buyer paid all 3 instalments of $99. */
  async function paidInFull(options: { affiliate?: boolean } = {}) {
    const owner: TestCreator = await signedInCreator(t, { now: clock.now() });
    const store = await createStoreAs(t, owner, `plan-revenue-${++counter}-${Date.now().toString(36)}`);
    const product = await plannedDownload(t, store.id);
    let referralCode: string | undefined;
    if (options.affiliate) {
      await seedProgram(t, store.id, { commissionPercent: 30 });
      referralCode = (await seedAffiliate(t, store.id)).code;
    }
    const purchase = await buyInInstalments(t, store.id, product.id, referralCode ? { referralCode } : {});
    await driver.moveTo(store.id, plus(DUE_2, MINUTE));
    await driver.moveTo(store.id, plus(DUE_3, MINUTE));
    expect(await planRow(t, purchase.plan.id)).toMatchObject({ status: 'completed', paidCount: 3 });
    return { owner, store, product, ...purchase };
  }
  const as = (owner: TestCreator) => async (name: string, data: unknown) => {
    const reply = await callFunction(t.app, name, data, { as: owner });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().result;
  };
  const csvRow = async (owner: TestCreator, storeId: string, orderId: string) => {
    const reply = await t.app.inject({ method: 'GET', url: `/api/stores/${storeId}/orders.csv`, headers: owner.headers });
    const rows = parse(reply.body) as string[][];
    const header = rows[0]!;
    const row = rows.find((cells) => cells[0] === orderId)!;
    return Object.fromEntries(header.map((name, index) => [name, row[index]]));
  };

  it('the Sales totals, the CSV, the analytics and the customer’s value count every instalment paid, as one order; a refund takes them back', async () => {
    const { owner, store, order, email } = await paidInFull();
    const call = as(owner);
    const totalsOf = async (filter: Record<string, string>) => (await call('listOrders', { storeId: store.id, ...filter })).totals;
    const lifetimeValues = async () => [
      (await call('getStoreCustomer', { storeId: store.id, customerId: order.customerId })).customer.lifetimeValueCents,
      (await call('searchStoreCustomers', { storeId: store.id, query: email })).customers[0].lifetimeValueCents,
    ];

    // The kept counters (no filter, with or without a status) and a date range by the charges' dates.
    expect(await totalsOf({})).toMatchObject({ count: 1, grossCents: 29_700, refundedCents: 0, netCents: 29_700 });
    expect(await totalsOf({ status: 'paid' })).toMatchObject({ count: 1, grossCents: 29_700 });
    expect(await totalsOf({ from: '2030-06-01T00:00:00.000Z', to: '2030-12-31T00:00:00.000Z' })).toMatchObject({ count: 1, grossCents: 29_700 });
    // Only the second instalment was charged in July: revenue of that month, not an order of it.
    expect(await totalsOf({ from: '2030-06-15T00:00:00.000Z', to: '2030-07-15T00:00:00.000Z' })).toMatchObject({ count: 0, grossCents: 9_900, netCents: 9_900 });
    expect(await call('getStoreStats', { storeId: store.id })).toMatchObject({ orders: 1 });
    expect(await lifetimeValues()).toEqual([29_700, 29_700]);
    expect(await csvRow(owner, store.id, order.id)).toMatchObject({ Amount: '99.00', 'Amount paid': '297.00', 'Refunded amount': '0.00' });

    // An instalment is revenue, not another sale.
    const analytics = createJobRunner({ db: t.db, handlers: [createAnalyticsEventJob({ db: t.db })], log: silentLog, now: clock.now, kinds: { only: [ANALYTICS_EVENT_KIND] } });
    while ((await analytics.runDue()) > 0);
    const overview = await call('getAnalyticsOverview', { storeId: store.id, period: '30d' });
    expect(overview.totals).toMatchObject({ sales: 1, revenueCents: 29_700 });

    expect((await callFunction(t.app, 'refundOrder', { storeId: store.id, orderId: order.id }, { as: owner })).statusCode).toBe(200);
    expect(await totalsOf({})).toMatchObject({ count: 1, grossCents: 29_700, refundedCents: 29_700, netCents: 0 });
    expect(await totalsOf({ status: 'refunded' })).toMatchObject({ count: 1, grossCents: 29_700, refundedCents: 29_700 });
    expect(await totalsOf({ status: 'paid' })).toMatchObject({ count: 0, grossCents: 0 });
    expect(await totalsOf({ from: '2030-06-15T00:00:00.000Z', to: '2030-07-15T00:00:00.000Z' })).toMatchObject({ grossCents: 9_900, refundedCents: 9_900, netCents: 0 });
    expect(await csvRow(owner, store.id, order.id)).toMatchObject({ 'Amount paid': '297.00', 'Refunded amount': '297.00' });
    expect(await lifetimeValues()).toEqual([0, 0]);
  });

  it('each paid instalment of a referred order earns the order’s rate once; a replayed charge adds none; the refund reverses each', async () => {
    const { owner, store, order, plan } = await paidInFull({ affiliate: true });
    const commissions = () =>
      t.db
        .select({ planChargeId: affiliateCommissions.planChargeId, baseCents: affiliateCommissions.baseCents, amountCents: affiliateCommissions.amountCents, reversedCents: affiliateCommissions.reversedCents })
        .from(affiliateCommissions)
        .where(eq(affiliateCommissions.orderId, order.id));
    expect(await commissions()).toHaveLength(3);
    expect((await commissions()).map((row) => [row.baseCents, row.amountCents, row.reversedCents])).toEqual([
      [9_900, 2_970, 0],
      [9_900, 2_970, 0],
      [9_900, 2_970, 0],
    ]);

    // The job replayed, and the commission booked again for a charge that already has one.
    expect(await chargeTestPlanInstalment(t.db, { planId: plan.id, instalment: 2, attempt: 0 }, { now: clock.now(), publicUrl: TEST_PUBLIC_URL })).toBe('not-due');
    const [second] = await t.db.select().from(paymentPlanCharges).where(and(eq(paymentPlanCharges.planId, plan.id), eq(paymentPlanCharges.instalment, 2)));
    await t.db.transaction((tx) => insertInstalmentCommission(tx, { orderId: order.id, charge: second!, testMode: true, now: clock.now() }));
    expect(await commissions()).toHaveLength(3);
    expect(await t.db.$count(affiliateCommissions, and(eq(affiliateCommissions.orderId, order.id), isNotNull(affiliateCommissions.planChargeId)))).toBe(2);

    // The affiliate's figures: one sale, what the buyer paid in all.
    const [stats] = [...(await affiliateStats(t.db, { storeId: store.id, currency: 'USD', now: clock.now(), testClockOffsetSeconds: 0 })).values()];
    expect(stats).toMatchObject({ sales: 1, revenueCents: 29_700 });

    expect((await callFunction(t.app, 'refundOrder', { storeId: store.id, orderId: order.id }, { as: owner })).statusCode).toBe(200);
    expect((await commissions()).map((row) => row.reversedCents)).toEqual([2_970, 2_970, 2_970]);
    const [after] = [...(await affiliateStats(t.db, { storeId: store.id, currency: 'USD', now: clock.now(), testClockOffsetSeconds: 0 })).values()];
    expect(after).toMatchObject({ sales: 0, revenueCents: 0 });
  });
});
