import { z } from 'zod';
import { QUERY_DAY_BOUNDS, QUERY_DAY_OUT_OF_RANGE } from '../constants.ts';
import { StoreIdSchema } from '../schemas/text.ts';
import { defineFunction } from './define.ts';

/** The dashboard's period choices; `custom` takes `from` and `to` (store-local days, inclusive). */
export const ANALYTICS_PERIODS = ['today', '7d', '30d', '12m', 'custom'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** The longest custom period, in days, and the oldest day a query may reach back to. */
export const ANALYTICS_LIMITS = Object.freeze({
  customMaxDays: 400,
  liveWindowMinutes: 5,
  tableRows: 50,
  /** The first and last days a period may name (QUERY_DAY_BOUNDS). */
  dayMin: QUERY_DAY_BOUNDS.min,
  dayMax: QUERY_DAY_BOUNDS.max,
});

export const ANALYTICS_MESSAGES = Object.freeze({
  invalidDay: 'Dates look like 2026-11-22',
  customRangeRequired: 'Choose both a start and an end date.',
  rangeOrder: 'The start date must be on or before the end date.',
  rangeTooLong: `A custom period can span at most ${ANALYTICS_LIMITS.customMaxDays} days.`,
  dayOutOfRange: QUERY_DAY_OUT_OF_RANGE,
});

/** A store-local day (YYYY-MM-DD) within the days a period may name; the server checks it is a real date. */
const localDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ANALYTICS_MESSAGES.invalidDay })
  .refine((day) => day >= ANALYTICS_LIMITS.dayMin && day <= ANALYTICS_LIMITS.dayMax, { error: ANALYTICS_MESSAGES.dayOutOfRange });

/** Which period a query covers. The server checks `custom` ranges (order, length). */
export const AnalyticsPeriodInputSchema = z
  .object({
    storeId: StoreIdSchema,
    period: z.enum(ANALYTICS_PERIODS),
    from: localDay.optional(),
    to: localDay.optional(),
  })
  .strict();
export type AnalyticsPeriodInput = z.input<typeof AnalyticsPeriodInputSchema>;

/** The counters a period, a bucket or a table row carries. Money is in the store's currency. */
export const AnalyticsTotalsSchema = z.object({
  visitors: z.number().int(),
  views: z.number().int(),
  productViews: z.number().int(),
  clicks: z.number().int(),
  checkouts: z.number().int(),
  sales: z.number().int(),
  revenueCents: z.number().int(),
  signups: z.number().int(),
  /** sales ÷ visitors, 0 when there were no visitors (a fraction, 0–1). */
  conversionRate: z.number(),
});
export type AnalyticsTotals = z.infer<typeof AnalyticsTotalsSchema>;

/** Store-local days, inclusive. */
export const AnalyticsRangeSchema = z.object({ from: z.string(), to: z.string() });

/** One point of the time series: `bucket` is an ISO instant (hour), a day (YYYY-MM-DD) or a month (YYYY-MM). */
export const AnalyticsPointSchema = z.object({
  bucket: z.string(),
  visitors: z.number().int(),
  views: z.number().int(),
  clicks: z.number().int(),
  checkouts: z.number().int(),
  sales: z.number().int(),
  revenueCents: z.number().int(),
});
export type AnalyticsPoint = z.infer<typeof AnalyticsPointSchema>;

/** A row of a breakdown table (referrers, UTM, countries, devices, browsers, OS, pages). */
export const AnalyticsBreakdownRowSchema = z.object({
  /** The value: a host, a UTM value, an ISO country code, a device class…; '' is "(none)". */
  value: z.string(),
  visitors: z.number().int(),
  views: z.number().int(),
  sales: z.number().int(),
  revenueCents: z.number().int(),
});
export type AnalyticsBreakdownRow = z.infer<typeof AnalyticsBreakdownRowSchema>;

export const AnalyticsProductRowSchema = z.object({
  productId: z.string(),
  /** The product's current title; "Deleted product" when it is gone. */
  title: z.string(),
  views: z.number().int(),
  checkouts: z.number().int(),
  sales: z.number().int(),
  revenueCents: z.number().int(),
});
export type AnalyticsProductRow = z.infer<typeof AnalyticsProductRowSchema>;

export const AnalyticsLinkRowSchema = z.object({
  linkId: z.string(),
  /** The link's current label and address in the published profile; '' when it was removed. */
  label: z.string(),
  url: z.string(),
  clicks: z.number().int(),
  /** clicks ÷ storefront views in the period (0–1). */
  clickThroughRate: z.number(),
});
export type AnalyticsLinkRow = z.infer<typeof AnalyticsLinkRowSchema>;

export const AnalyticsOverviewSchema = z.object({
  timeZone: z.string(),
  currency: z.string(),
  granularity: z.enum(['hour', 'day', 'month']),
  range: AnalyticsRangeSchema,
  previousRange: AnalyticsRangeSchema,
  totals: AnalyticsTotalsSchema,
  previousTotals: AnalyticsTotalsSchema,
  series: z.array(AnalyticsPointSchema),
  /** The previous period's points, aligned by index with `series`. */
  previousSeries: z.array(AnalyticsPointSchema),
  products: z.array(AnalyticsProductRowSchema),
  links: z.array(AnalyticsLinkRowSchema),
  referrers: z.array(AnalyticsBreakdownRowSchema),
  utmSources: z.array(AnalyticsBreakdownRowSchema),
  utmCampaigns: z.array(AnalyticsBreakdownRowSchema),
  countries: z.array(AnalyticsBreakdownRowSchema),
  devices: z.array(AnalyticsBreakdownRowSchema),
  browsers: z.array(AnalyticsBreakdownRowSchema),
  operatingSystems: z.array(AnalyticsBreakdownRowSchema),
  /** Website pages by slug (page views). */
  pages: z.array(AnalyticsBreakdownRowSchema),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;

/** The store's numbers for a period, read from the hourly and daily rollups (never raw events). */
export const getAnalyticsOverview = defineFunction({
  name: 'getAnalyticsOverview',
  access: 'creator',
  input: AnalyticsPeriodInputSchema,
  output: AnalyticsOverviewSchema,
});

/** Distinct visitors in the last 5 minutes. */
export const getLiveVisitors = defineFunction({
  name: 'getLiveVisitors',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({ visitors: z.number().int(), windowMinutes: z.number().int() }),
});

/** Each product's views, checkouts and sales over the last 30 days, for the product list. */
export const getProductAnalytics = defineFunction({
  name: 'getProductAnalytics',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({ days: z.number().int(), products: z.array(AnalyticsProductRowSchema) }),
});

export const AnalyticsFunnelStepSchema = z.object({
  step: z.enum(['storefront_view', 'product_view', 'checkout_started', 'purchase']),
  /** Visitors who reached this step in the period. */
  visitors: z.number().int(),
});

export const AnalyticsSourceRevenueRowSchema = z.object({
  /** A referrer host, a UTM source or a UTM campaign; '' is direct / none. */
  value: z.string(),
  visitors: z.number().int(),
  sales: z.number().int(),
  revenueCents: z.number().int(),
});

export const AnalyticsCampaignRevenueRowSchema = z.object({
  campaignId: z.string(),
  /** The campaign's subject; "Deleted campaign" when it is gone. */
  name: z.string(),
  /** Visitors who arrived from the campaign's links. */
  visitors: z.number().int(),
  sales: z.number().int(),
  revenueCents: z.number().int(),
});

export const AnalyticsAdvancedSchema = z.object({
  currency: z.string(),
  range: AnalyticsRangeSchema,
  funnel: z.array(AnalyticsFunnelStepSchema),
  revenueByReferrer: z.array(AnalyticsSourceRevenueRowSchema),
  revenueByUtmSource: z.array(AnalyticsSourceRevenueRowSchema),
  revenueByUtmCampaign: z.array(AnalyticsSourceRevenueRowSchema),
  emailCampaigns: z.array(AnalyticsCampaignRevenueRowSchema),
});
export type AnalyticsAdvanced = z.infer<typeof AnalyticsAdvancedSchema>;

/** Funnel and sources-to-revenue: behind the `advancedAnalytics` flag, checked on the server. */
export const getAdvancedAnalytics = defineFunction({
  name: 'getAdvancedAnalytics',
  access: 'creator',
  input: AnalyticsPeriodInputSchema,
  output: AnalyticsAdvancedSchema,
});
