/** Analytics answers for the dashboard tests: a 30-day overview with one row in every table, an empty one, the advanced numbers. */
import type { AnalyticsAdvanced, AnalyticsOverview, AnalyticsPoint, AnalyticsTotals } from '@shopfront/core';

export const zeroTotals = (): AnalyticsTotals => ({ visitors: 0, views: 0, productViews: 0, clicks: 0, checkouts: 0, sales: 0, revenueCents: 0, signups: 0, conversionRate: 0 });

export const totals = (overrides: Partial<AnalyticsTotals> = {}): AnalyticsTotals => ({
  visitors: 1120,
  views: 2400,
  productViews: 900,
  clicks: 310,
  checkouts: 40,
  sales: 12,
  revenueCents: 34_500,
  signups: 3,
  conversionRate: 12 / 1120,
  ...overrides,
});

const point = (bucket: string, visitors: number): AnalyticsPoint => ({ bucket, visitors, views: visitors * 2, clicks: 1, checkouts: 1, sales: 1, revenueCents: 1000 });

/** A 30-day overview (two buckets are enough for the chart's table) with one row in every table. */
export function overview(overrides: Partial<AnalyticsOverview> = {}): AnalyticsOverview {
  return {
    timeZone: 'Europe/Paris',
    currency: 'EUR',
    granularity: 'day',
    range: { from: '2026-10-24', to: '2026-11-22' },
    previousRange: { from: '2026-09-24', to: '2026-10-23' },
    totals: totals(),
    previousTotals: totals({ visitors: 1000, views: 2500, clicks: 310, checkouts: 0, sales: 10, revenueCents: 30_000, conversionRate: 0.01 }),
    series: [point('2026-11-21', 40), point('2026-11-22', 75)],
    previousSeries: [point('2026-10-22', 30), point('2026-10-23', 20)],
    products: [{ productId: 'p1', title: 'Mug care guide', views: 500, checkouts: 30, sales: 9, revenueCents: 11_250 }],
    links: [{ linkId: 'l1', label: 'My newsletter', url: 'https://news.example', clicks: 120, clickThroughRate: 0.05 }],
    referrers: [
      { value: '', visitors: 600, views: 1300, sales: 7, revenueCents: 20_000 },
      { value: 'instagram.com', visitors: 400, views: 800, sales: 4, revenueCents: 12_000 },
    ],
    utmSources: [{ value: 'newsletter', visitors: 80, views: 100, sales: 1, revenueCents: 2500 }],
    utmCampaigns: [{ value: '', visitors: 1000, views: 2200, sales: 11, revenueCents: 32_000 }],
    countries: [
      { value: 'FR', visitors: 700, views: 1500, sales: 8, revenueCents: 25_000 },
      { value: '', visitors: 20, views: 30, sales: 0, revenueCents: 0 },
    ],
    devices: [{ value: 'mobile', visitors: 800, views: 1600, sales: 8, revenueCents: 24_000 }],
    browsers: [{ value: 'Firefox', visitors: 300, views: 600, sales: 3, revenueCents: 9000 }],
    operatingSystems: [{ value: 'Android', visitors: 500, views: 1000, sales: 5, revenueCents: 15_000 }],
    pages: [{ value: 'about', visitors: 50, views: 70, sales: 0, revenueCents: 0 }],
    ...overrides,
  };
}

export function emptyOverview(): AnalyticsOverview {
  const empty = { products: [], links: [], referrers: [], utmSources: [], utmCampaigns: [], countries: [], devices: [], browsers: [], operatingSystems: [], pages: [] };
  return overview({ totals: zeroTotals(), previousTotals: zeroTotals(), series: [], previousSeries: [], ...empty });
}

export function advanced(overrides: Partial<AnalyticsAdvanced> = {}): AnalyticsAdvanced {
  return {
    currency: 'EUR',
    range: { from: '2026-10-24', to: '2026-11-22' },
    funnel: [
      { step: 'storefront_view', visitors: 1000 },
      { step: 'product_view', visitors: 400 },
      { step: 'checkout_started', visitors: 40 },
      { step: 'purchase', visitors: 10 },
    ],
    revenueByReferrer: [{ value: 'instagram.com', visitors: 400, sales: 4, revenueCents: 12_000 }],
    revenueByUtmSource: [{ value: '', visitors: 900, sales: 9, revenueCents: 30_000 }],
    revenueByUtmCampaign: [{ value: 'black-friday', visitors: 90, sales: 3, revenueCents: 9000 }],
    emailCampaigns: [{ campaignId: 'c1', name: 'November launch', visitors: 60, sales: 2, revenueCents: 5000 }],
    ...overrides,
  };
}
