/** The dashboard's analytics: totals with comparison, the trend chart, tables with CSV export, live visitors; the funnel behind advancedAnalytics. */
export { AnalyticsScreen, EMPTY_ANALYTICS_TEXT } from './components/analytics-screen.tsx';
export { AdvancedAnalytics, AdvancedAnalyticsOff, type AdvancedSlotProps } from './components/advanced-analytics.tsx';
