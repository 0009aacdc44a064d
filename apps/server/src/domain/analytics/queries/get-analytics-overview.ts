import type { AnalyticsBreakdownRow, AnalyticsLinkRow, AnalyticsOverview, AnalyticsProductRow } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import type { StoreRow } from '#src/db/schema/index.ts';
import { resolveAnalyticsPeriod, type PeriodRequest } from './analytics-period.ts';
import { readBreakdowns, type BreakdownRow } from './read-breakdowns.ts';
import { readPeriodSeries } from './read-period-series.ts';
import { DELETED_PRODUCT, linkLabel, productTitles } from './row-names.ts';

const OVERVIEW_DIMENSIONS = ['product', 'link', 'page', 'referrer', 'utm_source', 'utm_campaign', 'country', 'device', 'browser', 'os'] as const;

const breakdownRow = (row: BreakdownRow): AnalyticsBreakdownRow => ({
  value: row.value,
  visitors: row.visitors,
  views: row.views,
  sales: row.sales,
  revenueCents: row.revenueCents,
});

/**
 * The dashboard's numbers for a period of a store the caller owns (docs/analytics.md "Dashboard
 * queries"): totals, chart points and tables for the period and the one before it, read from the
 * rollups only. A link's click-through rate is its clicks ÷ the period's storefront views.
 */
export async function getAnalyticsOverview(
  db: Executor,
  options: { store: StoreRow; request: PeriodRequest; now: Date },
): Promise<AnalyticsOverview> {
  const { store } = options;
  const window = resolveAnalyticsPeriod(options.request, { now: options.now, timeZone: store.timeZone });
  const [period, tables] = await Promise.all([
    readPeriodSeries(db, { storeId: store.id, window, timeZone: store.timeZone }),
    readBreakdowns(db, { storeId: store.id, range: window.range, dimensions: OVERVIEW_DIMENSIONS, order: 'traffic' }),
  ]);
  const table = (dimension: (typeof OVERVIEW_DIMENSIONS)[number]) => tables.get(dimension) ?? [];

  const productRows = table('product');
  const titles = await productTitles(db, store.id, productRows.map((row) => row.value));
  const products: AnalyticsProductRow[] = productRows.map((row) => ({
    productId: row.value,
    title: titles.get(row.value) ?? DELETED_PRODUCT,
    views: row.productViews,
    checkouts: row.checkouts,
    sales: row.sales,
    revenueCents: row.revenueCents,
  }));
  const links: AnalyticsLinkRow[] = table('link').map((row) => ({
    linkId: row.value,
    ...linkLabel(store, row.value),
    clicks: row.clicks,
    clickThroughRate: period.storefrontViews > 0 ? Math.min(1, row.clicks / period.storefrontViews) : 0,
  }));

  return {
    timeZone: store.timeZone,
    currency: store.currency,
    granularity: window.granularity,
    range: window.range,
    previousRange: window.previousRange,
    totals: period.totals,
    previousTotals: period.previousTotals,
    series: period.series,
    previousSeries: period.previousSeries,
    products,
    links,
    referrers: table('referrer').map(breakdownRow),
    utmSources: table('utm_source').map(breakdownRow),
    utmCampaigns: table('utm_campaign').map(breakdownRow),
    countries: table('country').map(breakdownRow),
    devices: table('device').map(breakdownRow),
    browsers: table('browser').map(breakdownRow),
    operatingSystems: table('os').map(breakdownRow),
    pages: table('page').map(breakdownRow),
  };
}
