import type { HandlerRegistry } from '../types.ts';
import { getAdvancedAnalytics } from './get-advanced-analytics.ts';
import { getAnalyticsOverview } from './get-analytics-overview.ts';
import { getLiveVisitors } from './get-live-visitors.ts';
import { getProductAnalytics } from './get-product-analytics.ts';

/** The analytics dashboard's handlers (reads only; ingest has no callable); ../index.ts spreads them. */
export const analyticsHandlers = {
  getAnalyticsOverview,
  getLiveVisitors,
  getProductAnalytics,
  getAdvancedAnalytics,
} satisfies Partial<HandlerRegistry>;
