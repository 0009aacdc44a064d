import { ANALYTICS_MESSAGES, PLATFORM_CONFIG_MESSAGES, type AnalyticsAdvanced } from '@shopfront/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { emailCampaigns } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import type { SeededStore } from '#src/testing/orders.ts';
import { setFlag } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { insertDaily, insertVisit, seedAnalyticsStore, type TestVisit } from './analytics-fixtures.ts';

/** 01:30 on 22 November in Sydney: 7 days are 16–22 November there. */
const NOW = new Date('2026-11-21T14:30:00.000Z');

describe('getAdvancedAnalytics', () => {
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;
  const spring = newId('cmp');
  const deleted = newId('cmp');
  const otherStoresCampaign = newId('cmp');
  const social = newId('cmp');

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    shop = await seedAnalyticsStore(t, { timeZone: 'Australia/Sydney', currency: 'GBP' });
    other = await seedAnalyticsStore(t);
    await t.db.insert(emailCampaigns).values([
      { id: spring, storeId: shop.id, name: 'internal name', subject: 'Spring drop', body: [] },
      { id: social, storeId: shop.id, subject: 'Not by email', body: [] },
      { id: otherStoresCampaign, storeId: other.id, subject: 'Their campaign', body: [] },
    ]);

    let visitor = 0;
    const visits = async (count: number, visit: Omit<TestVisit, 'visitor'>, storeId = shop.id) => {
      for (let i = 0; i < count; i += 1) await insertVisit(t.db, storeId, { ...visit, visitor: (visitor += 1) });
    };
    const email = (campaign: string) => ({ utmSource: 'shopfront', utmMedium: 'email', utmCampaign: campaign });
    // The funnel: 6 store views, 4 product views (one without a store view), 2 checkouts, 1 purchase.
    await visits(2, { localDay: '2026-11-22', viewedStore: true });
    await visits(1, { localDay: '2026-11-22', viewedStore: true, viewedProduct: true, ...email(spring) });
    await visits(1, { localDay: '2026-11-16', viewedStore: true, viewedProduct: true, startedCheckout: true, ...email(deleted) });
    await visits(1, { localDay: '2026-11-20', viewedStore: true, viewedProduct: true, startedCheckout: true, purchased: true, ...email(otherStoresCampaign) });
    await visits(1, { localDay: '2026-11-20', viewedProduct: true, utmSource: 'instagram', utmMedium: 'social', utmCampaign: social });
    await visits(1, { localDay: '2026-11-22', viewedStore: true, utmMedium: 'email', utmCampaign: 'spring-sale' });
    await visits(9, { localDay: '2026-11-15', viewedStore: true, purchased: true, ...email(spring) }); // the day before the period
    await visits(7, { localDay: '2026-11-21', viewedStore: true, purchased: true }, other.id); // UTC: their 7 days end on the 21st

    const day = (d: string, dimension: string, value: string, counters: Parameters<typeof insertDaily>[5], storeId = shop.id) =>
      insertDaily(t.db, storeId, d, dimension, value, counters);
    await day('2026-11-22', 'referrer', '', { visitors: 5, sales: 0 });
    await day('2026-11-20', 'referrer', 'instagram.com', { visitors: 2, sales: 1, revenueCents: 3000 });
    await day('2026-11-21', 'referrer', 'news.example', { visitors: 1, sales: 1, revenueCents: 3000 });
    await day('2026-11-22', 'referrer', 'news.example', { sales: 1, revenueCents: 1000 });
    await day('2026-11-22', 'utm_source', 'shopfront', { visitors: 3, sales: 1, revenueCents: 4000 });
    await day('2026-11-22', 'utm_campaign', spring, { visitors: 1, sales: 1, revenueCents: 2500 });
    await day('2026-11-16', 'utm_campaign', deleted, { visitors: 1 });
    await day('2026-11-20', 'utm_campaign', otherStoresCampaign, { visitors: 1, sales: 1, revenueCents: 1500 });
    await day('2026-11-20', 'utm_campaign', social, { visitors: 1 });
    await day('2026-11-22', 'utm_campaign', 'spring-sale', { visitors: 1 });
    await day('2026-11-15', 'utm_campaign', spring, { visitors: 9, sales: 9, revenueCents: 90_000 });
    await day('2026-11-22', 'utm_campaign', spring, { visitors: 50, sales: 50, revenueCents: 500_000 }, other.id);
  });
  beforeEach(() => setFlag(t, 'advancedAnalytics', true));
  afterAll(() => t?.close());

  const call = (input: Record<string, unknown>, store = shop) => callFunction(t.app, 'getAdvancedAnalytics', { storeId: store.id, ...input }, { as: store.owner });

  it('is refused while the advancedAnalytics flag is off (the default), before anything is read', async () => {
    await setFlag(t, 'advancedAnalytics', false);
    const response = await call({ period: '7d' });
    expect([response.statusCode, errorOf(response)]).toEqual([400, { status: 'FAILED_PRECONDITION', message: PLATFORM_CONFIG_MESSAGES.featureDisabled, details: { feature: 'advancedAnalytics' } }]);
  });

  it('gives the funnel of the period: visits that reached each step', async () => {
    const response = await call({ period: '7d' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result as AnalyticsAdvanced;
    expect([result.currency, result.range]).toEqual(['GBP', { from: '2026-11-16', to: '2026-11-22' }]);
    expect(result.funnel).toEqual([
      { step: 'storefront_view', visitors: 6 },
      { step: 'product_view', visitors: 4 },
      { step: 'checkout_started', visitors: 2 },
      { step: 'purchase', visitors: 1 },
    ]);
  });

  it('ranks referrers, UTM sources and campaigns by revenue, then sales and visitors', async () => {
    const result = (await call({ period: '7d' })).json().result as AnalyticsAdvanced;
    expect(result.revenueByReferrer).toEqual([
      { value: 'news.example', visitors: 1, sales: 2, revenueCents: 4000 },
      { value: 'instagram.com', visitors: 2, sales: 1, revenueCents: 3000 },
      { value: '', visitors: 5, sales: 0, revenueCents: 0 },
    ]);
    expect(result.revenueByUtmSource).toEqual([{ value: 'shopfront', visitors: 3, sales: 1, revenueCents: 4000 }]);
    expect(result.revenueByUtmCampaign.map((row) => row.value)).toEqual([spring, otherStoresCampaign, ...[deleted, social].sort(), 'spring-sale']);
    expect(result.revenueByUtmCampaign[0]).toEqual({ value: spring, visitors: 1, sales: 1, revenueCents: 2500 });
  });

  it("names email campaigns (utm_campaign values that are campaign ids) by this store's subject; a campaign id not of this store is a deleted campaign", async () => {
    const result = (await call({ period: '7d' })).json().result as AnalyticsAdvanced;
    expect(result.emailCampaigns).toEqual([
      { campaignId: spring, name: 'Spring drop', visitors: 1, sales: 1, revenueCents: 2500 },
      { campaignId: otherStoresCampaign, name: 'Deleted campaign', visitors: 1, sales: 1, revenueCents: 1500 },
      ...[
        { campaignId: deleted, name: 'Deleted campaign', visitors: 1, sales: 0, revenueCents: 0 },
        { campaignId: social, name: 'Not by email', visitors: 1, sales: 0, revenueCents: 0 },
      ].sort((a, b) => a.campaignId.localeCompare(b.campaignId)),
    ]);
    // The day before the period (15 November) is the previous 7 days' business.
    const custom = (await call({ period: 'custom', from: '2026-11-15', to: '2026-11-15' })).json().result as AnalyticsAdvanced;
    expect(custom.emailCampaigns).toEqual([{ campaignId: spring, name: 'Spring drop', visitors: 9, sales: 9, revenueCents: 90_000 }]);
    expect(custom.funnel.map((step) => step.visitors)).toEqual([9, 0, 0, 9]);
  });

  it("leaves out the hidden campaign rows of automation emails (they are not campaigns the creator made)", async () => {
    const flowEmail = newId('cmp');
    await t.db.insert(emailCampaigns).values({ id: flowEmail, storeId: shop.id, subject: 'Welcome (automation)', body: [], automationId: newId('aut') });
    await insertDaily(t.db, shop.id, '2026-10-01', 'utm_campaign', flowEmail, { visitors: 4, sales: 1, revenueCents: 900 });
    await insertDaily(t.db, shop.id, '2026-10-01', 'utm_campaign', spring, { visitors: 2 });
    const result = (await call({ period: 'custom', from: '2026-10-01', to: '2026-10-01' })).json().result as AnalyticsAdvanced;
    expect(result.emailCampaigns).toEqual([{ campaignId: spring, name: 'Spring drop', visitors: 2, sales: 0, revenueCents: 0 }]);
  });

  it('answers a year-0000 or pre-2000 period with 400 and a clear message; the first and last days allowed are read', async () => {
    for (const [from, to] of [['0000-01-01', '0000-01-02'], ['1999-12-31', '2000-01-05']]) {
      const response = await call({ period: 'custom', from, to });
      expect([response.statusCode, errorOf(response).status, errorOf(response).message]).toEqual([400, 'INVALID_ARGUMENT', ANALYTICS_MESSAGES.dayOutOfRange]);
    }
    for (const [from, to] of [['2000-01-01', '2000-01-05'], ['9999-12-01', '9999-12-31']]) {
      const response = await call({ period: 'custom', from, to });
      expect([response.statusCode, (response.json().result as AnalyticsAdvanced).range]).toEqual([200, { from, to }]);
    }
  });

  it("answers another store's numbers only to its owner, and an empty period with zeros", async () => {
    const theirs = (await call({ period: '7d' }, other)).json().result as AnalyticsAdvanced;
    expect(theirs.funnel.map((step) => step.visitors)).toEqual([7, 0, 0, 7]);
    expect(theirs.emailCampaigns).toEqual([]);
    const fresh = await seedAnalyticsStore(t);
    const none = (await call({ period: '12m' }, fresh)).json().result as AnalyticsAdvanced;
    expect(none).toMatchObject({ funnel: [{ visitors: 0 }, { visitors: 0 }, { visitors: 0 }, { visitors: 0 }], revenueByReferrer: [], emailCampaigns: [] });
  });
});
