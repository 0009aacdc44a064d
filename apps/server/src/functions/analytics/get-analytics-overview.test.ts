import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES, type AnalyticsOverview } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { stores } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { seedProduct, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { insertDaily, insertHourly, seedAnalyticsStore } from './analytics-fixtures.ts';

/** 01:30 on Sunday 22 November in Sydney (AEDT, +11) — still Saturday the 21st in UTC. */
const NOW = new Date('2026-11-21T14:30:00.000Z');

describe('getAnalyticsOverview', () => {
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;
  let zine: string;
  let poster: string;
  let foreignProduct: string;
  const goneProduct = newId('prd');

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    shop = await seedAnalyticsStore(t, { timeZone: 'Australia/Sydney', currency: 'EUR' });
    other = await seedAnalyticsStore(t, { timeZone: 'UTC' });
    await t.db
      .update(stores)
      .set({
        links: [{ id: 'l1', title: 'Newsletter', url: 'https://ivy.example.com/news' }],
        socialLinks: [{ platform: 'instagram', url: 'https://instagram.com/ivy' }],
      })
      .where(eq(stores.id, shop.id));
    zine = (await seedProduct(t, shop.id, { title: 'Zine' })).id;
    poster = (await seedProduct(t, shop.id, { title: 'Poster' })).id;
    foreignProduct = (await seedProduct(t, other.id, { title: 'Not yours' })).id;

    const day = (d: string, dimension: string, value: string, counters: Parameters<typeof insertDaily>[5]) => insertDaily(t.db, shop.id, d, dimension, value, counters);
    // Today in Sydney is the 22nd; 7 days are 16–22 November, the previous 7 are 9–15.
    await day('2026-11-22', 'all', '', { visitors: 4, views: 10, productViews: 3, clicks: 2, checkouts: 1, sales: 1, revenueCents: 1250, signups: 1 });
    await day('2026-11-22', 'page', 'about', { views: 2 });
    await day('2026-11-22', 'link', 'l1', { clicks: 2 });
    await day('2026-11-22', 'link', 'social:instagram', { clicks: 1 });
    await day('2026-11-22', 'link', 'l-removed', { clicks: 12 });
    await day('2026-11-16', 'all', '', { visitors: 2, views: 5 });
    await day('2026-11-15', 'all', '', { visitors: 3, views: 6, sales: 1, revenueCents: 500 });
    await day('2026-11-09', 'all', '', { visitors: 1, views: 1 });
    await day('2026-11-08', 'all', '', { visitors: 100, views: 100 });
    // 12 months: December 2025 to November 2026; the previous period ends on 30 November 2025.
    await day('2025-12-01', 'all', '', { visitors: 5, views: 5 });
    await day('2025-11-30', 'all', '', { visitors: 9, views: 9 });
    // Products: a tie on views goes to sales; a deleted product and another store's id are "Deleted product".
    await day('2026-11-22', 'product', zine, { views: 8, productViews: 8 });
    await day('2026-11-21', 'product', poster, { views: 8, productViews: 8, checkouts: 3, sales: 2, revenueCents: 2500 });
    await day('2026-11-20', 'product', goneProduct, { views: 1, productViews: 1 });
    await day('2026-11-20', 'product', foreignProduct, { views: 1, productViews: 1 });
    // 55 referrers: visitors then views rank them, 50 are kept.
    for (let i = 0; i < 55; i += 1) await day('2026-11-20', 'referrer', `r${String(i).padStart(2, '0')}.example`, { visitors: i, views: i === 10 ? 99 : 1 });
    await day('2026-11-20', 'referrer', 'tie.example', { visitors: 10, views: 50 });
    for (const [dimension, value] of [['utm_source', 'newsletter'], ['utm_campaign', 'spring'], ['country', 'AU'], ['device', 'mobile'], ['browser', 'Safari'], ['os', 'iOS']] as const) {
      await day('2026-11-21', dimension, value, { visitors: 2, views: 3, sales: 1, revenueCents: 900 });
    }
    // Hourly (today): Sydney's 22 November is 13:00Z on the 21st up to 13:00Z on the 22nd.
    const hour = (h: string, visitors: number) => insertHourly(t.db, shop.id, h, 'all', '', { visitors, views: visitors });
    await hour('2026-11-21T12:00:00Z', 7); // 23:00 on the 21st in Sydney: yesterday's last hour
    await hour('2026-11-21T13:00:00Z', 1); // 00:00 on the 22nd
    await hour('2026-11-22T05:00:00Z', 1);
    await hour('2026-11-22T12:00:00Z', 2); // 23:00 on the 22nd
    await hour('2026-11-22T13:00:00Z', 50); // already the 23rd

    // Another store's numbers on the same days never reach this one.
    for (const d of ['2026-11-22', '2026-11-15', '2025-12-01']) await insertDaily(t.db, other.id, d, 'all', '', { visitors: 1000, views: 1000, sales: 100, revenueCents: 99_999 });
    await insertDaily(t.db, other.id, '2026-11-22', 'product', zine, { views: 500, productViews: 500 });
    await insertDaily(t.db, other.id, '2026-11-22', 'referrer', 'other.example', { visitors: 500 });
    await insertHourly(t.db, other.id, '2026-11-21T13:00:00Z', 'all', '', { visitors: 1000 });
  });
  afterAll(() => t?.close());

  const overview = async (input: Record<string, unknown>, store = shop): Promise<AnalyticsOverview> => {
    const response = await callFunction(t.app, 'getAnalyticsOverview', { storeId: store.id, ...input }, { as: store.owner });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as AnalyticsOverview;
  };

  it('7 days: Sydney days, totals and conversion, every day charted (zeros filled) against the 7 before', async () => {
    const week = await overview({ period: '7d' });
    expect(week).toMatchObject({ timeZone: 'Australia/Sydney', currency: 'EUR', granularity: 'day', range: { from: '2026-11-16', to: '2026-11-22' }, previousRange: { from: '2026-11-09', to: '2026-11-15' } });
    expect(week.totals).toEqual({ visitors: 6, views: 15, productViews: 3, clicks: 2, checkouts: 1, sales: 1, revenueCents: 1250, signups: 1, conversionRate: 1 / 6 });
    expect(week.previousTotals).toMatchObject({ visitors: 4, views: 7, sales: 1, revenueCents: 500, conversionRate: 0.25 });
    expect(week.series.map((p) => [p.bucket, p.visitors])).toEqual([
      ['2026-11-16', 2], ['2026-11-17', 0], ['2026-11-18', 0], ['2026-11-19', 0], ['2026-11-20', 0], ['2026-11-21', 0], ['2026-11-22', 4],
    ]);
    expect(week.series[6]).toEqual({ bucket: '2026-11-22', visitors: 4, views: 10, clicks: 2, checkouts: 1, sales: 1, revenueCents: 1250 });
    expect(week.previousSeries.map((p) => [p.bucket, p.visitors])).toEqual([
      ['2026-11-09', 1], ['2026-11-10', 0], ['2026-11-11', 0], ['2026-11-12', 0], ['2026-11-13', 0], ['2026-11-14', 0], ['2026-11-15', 3],
    ]);
  });

  it('today: 24 UTC hours of the Sydney day, against yesterday hour by hour; totals from the local day', async () => {
    const today = await overview({ period: 'today' });
    expect(today).toMatchObject({ granularity: 'hour', range: { from: '2026-11-22', to: '2026-11-22' }, previousRange: { from: '2026-11-21', to: '2026-11-21' } });
    expect(today.series).toHaveLength(24);
    expect(today.series[0]).toMatchObject({ bucket: '2026-11-21T13:00:00.000Z', visitors: 1 });
    expect(today.series[16]).toMatchObject({ bucket: '2026-11-22T05:00:00.000Z', visitors: 1 });
    expect(today.series[23]).toMatchObject({ bucket: '2026-11-22T12:00:00.000Z', visitors: 2 });
    expect(today.series.reduce((sum, p) => sum + p.visitors, 0)).toBe(4);
    expect(today.previousSeries).toHaveLength(24);
    expect(today.previousSeries[23]).toMatchObject({ bucket: '2026-11-21T12:00:00.000Z', visitors: 7 });
    expect(today.totals.visitors).toBe(4);
  });

  it('30 days and 12 months: the period and the one before, by day and by calendar month', async () => {
    const month = await overview({ period: '30d' });
    expect([month.range, month.series.length, month.previousSeries.length, month.totals.visitors]).toEqual([{ from: '2026-10-24', to: '2026-11-22' }, 30, 30, 110]);
    expect(month.previousTotals.visitors).toBe(0);
    const year = await overview({ period: '12m' });
    expect(year).toMatchObject({ granularity: 'month', range: { from: '2025-12-01', to: '2026-11-22' }, previousRange: { from: '2024-12-09', to: '2025-11-30' } });
    expect(year.series.map((p) => p.bucket)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect([year.series[0]!.visitors, year.series[11]!.visitors, year.series.slice(1, 11).every((p) => p.visitors === 0)]).toEqual([5, 100 + 1 + 3 + 2 + 4, true]);
    expect([year.previousSeries.length, year.previousSeries[11]]).toEqual([12, { bucket: '2025-11', visitors: 9, views: 9, clicks: 0, checkouts: 0, sales: 0, revenueCents: 0 }]);
    expect(year.totals.visitors).toBe(5 + 110);
  });

  it('custom: by day up to 92 days and by month beyond; the previous period is as many days', async () => {
    const custom = await overview({ period: 'custom', from: '2026-11-15', to: '2026-11-16' });
    expect(custom).toMatchObject({ granularity: 'day', previousRange: { from: '2026-11-13', to: '2026-11-14' } });
    expect(custom.series.map((p) => p.visitors)).toEqual([3, 2]);
    const long = await overview({ period: 'custom', from: '2026-08-22', to: '2026-11-22' });
    expect([long.granularity, long.series.map((p) => p.bucket)]).toEqual(['month', ['2026-08', '2026-09', '2026-10', '2026-11']]);
    expect(long.previousSeries).toHaveLength(4);
  });

  it('refuses bad custom ranges with 400 and the catalogue message; 400 days is the longest', async () => {
    const refusal = async (input: Record<string, unknown>) => {
      const response = await callFunction(t.app, 'getAnalyticsOverview', { storeId: shop.id, period: 'custom', ...input }, { as: shop.owner });
      return [response.statusCode, errorOf(response).status, errorOf(response).message];
    };
    expect(await refusal({ from: '2026-01-01' })).toEqual([400, 'INVALID_ARGUMENT', ANALYTICS_MESSAGES.customRangeRequired]);
    expect(await refusal({ from: '2026-03-02', to: '2026-03-01' })).toEqual([400, 'INVALID_ARGUMENT', ANALYTICS_MESSAGES.rangeOrder]);
    expect(await refusal({ from: '2026-02-30', to: '2026-03-01' })).toEqual([400, 'INVALID_ARGUMENT', ANALYTICS_MESSAGES.invalidDay]);
    expect(await refusal({ from: '2025-01-01', to: '2026-02-05' })).toEqual([400, 'INVALID_ARGUMENT', ANALYTICS_MESSAGES.rangeTooLong]);
    expect((await overview({ period: 'custom', from: '2025-01-01', to: '2026-02-04' })).granularity).toBe('month');
  });

  it(`answers days outside ${ANALYTICS_LIMITS.dayMin} to ${ANALYTICS_LIMITS.dayMax} with 400 and a clear message, never a database error`, async () => {
    const refusal = async (input: Record<string, unknown>) => {
      const response = await callFunction(t.app, 'getAnalyticsOverview', { storeId: shop.id, period: 'custom', ...input }, { as: shop.owner });
      return [response.statusCode, errorOf(response).status, errorOf(response).message];
    };
    const outOfRange = [400, 'INVALID_ARGUMENT', ANALYTICS_MESSAGES.dayOutOfRange];
    expect(await refusal({ from: '0000-01-01', to: '0000-01-02' })).toEqual(outOfRange);
    expect(await refusal({ from: '1999-12-31', to: '2000-01-01' })).toEqual(outOfRange);
    expect(await refusal({ from: '9999-12-31', to: '10000-01-01' })).toEqual([400, 'INVALID_ARGUMENT', ANALYTICS_MESSAGES.invalidDay]);
    // The bounds themselves are read (empty periods, their previous period before them).
    expect((await overview({ period: 'custom', from: '2000-01-01', to: '2000-01-02' })).totals.visitors).toBe(0);
    expect((await overview({ period: 'custom', from: '9999-12-30', to: '9999-12-31' })).range).toEqual({ from: '9999-12-30', to: '9999-12-31' });
  });

  it('tables: products by views then sales with current titles, links with labels and CTR, breakdowns capped', async () => {
    const week = await overview({ period: '7d' });
    expect(week.products).toEqual([
      { productId: poster, title: 'Poster', views: 8, checkouts: 3, sales: 2, revenueCents: 2500 },
      { productId: zine, title: 'Zine', views: 8, checkouts: 0, sales: 0, revenueCents: 0 },
      ...[goneProduct, foreignProduct].sort().map((productId) => ({ productId, title: 'Deleted product', views: 1, checkouts: 0, sales: 0, revenueCents: 0 })),
    ]);
    // Storefront views in the 7 days: 15 views − 3 product views − 2 website page views = 10; a rate is at most 1.
    expect(week.links).toEqual([
      { linkId: 'l-removed', label: '', url: '', clicks: 12, clickThroughRate: 1 },
      { linkId: 'l1', label: 'Newsletter', url: 'https://ivy.example.com/news', clicks: 2, clickThroughRate: 0.2 },
      { linkId: 'social:instagram', label: 'Instagram', url: 'https://instagram.com/ivy', clicks: 1, clickThroughRate: 0.1 },
    ]);
    expect(week.referrers).toHaveLength(ANALYTICS_LIMITS.tableRows);
    expect(week.referrers.slice(0, 2).map((r) => r.value)).toEqual(['r54.example', 'r53.example']);
    const tens = week.referrers.filter((r) => r.visitors === 10).map((r) => r.value);
    expect(tens).toEqual(['r10.example', 'tie.example']);
    expect(week.referrers.at(-1)).toMatchObject({ value: 'r06.example', visitors: 6 });
    expect(week.pages).toEqual([{ value: 'about', visitors: 0, views: 2, sales: 0, revenueCents: 0 }]);
    const row = { visitors: 2, views: 3, sales: 1, revenueCents: 900 };
    expect([week.utmSources, week.utmCampaigns, week.countries, week.devices, week.browsers, week.operatingSystems]).toEqual([
      [{ value: 'newsletter', ...row }], [{ value: 'spring', ...row }], [{ value: 'AU', ...row }], [{ value: 'mobile', ...row }], [{ value: 'Safari', ...row }], [{ value: 'iOS', ...row }],
    ]);
  });

  it("store B's rollups never reach store A, and B (in UTC) sees only its own", async () => {
    const theirs = await overview({ period: '7d' }, other);
    expect([theirs.range, theirs.totals.visitors, theirs.totals.revenueCents, theirs.products, theirs.referrers]).toEqual([{ from: '2026-11-15', to: '2026-11-21' }, 1000, 99_999, [], []]);
    const ours = await overview({ period: 'today' });
    expect([ours.totals.visitors, ours.series[0]!.visitors, ours.products.find((p) => p.productId === zine)?.views]).toEqual([4, 1, 8]);
  });

  it('a new store has zero everywhere, every bucket charted and empty tables', async () => {
    const fresh = await seedAnalyticsStore(t);
    const none = await overview({ period: '30d' }, fresh);
    expect(none.series.every((p) => p.visitors === 0 && p.revenueCents === 0)).toBe(true);
    expect([none.series.length, none.previousSeries.length, none.products, none.links, none.referrers, none.totals.conversionRate]).toEqual([30, 30, [], [], [], 0]);
  });
});
