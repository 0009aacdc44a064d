import type { AnalyticsPeriodInput } from '@shopfront/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Under the store's key: switching or deleting a store refetches its numbers. */
export const ANALYTICS_KEYS = {
  all: (storeId: string) => [...STORE_KEYS.store(storeId), 'analytics'] as const,
  overview: (input: AnalyticsPeriodInput) => [...STORE_KEYS.store(input.storeId), 'analytics', 'overview', input] as const,
  advanced: (input: AnalyticsPeriodInput) => [...STORE_KEYS.store(input.storeId), 'analytics', 'advanced', input] as const,
  live: (storeId: string) => [...STORE_KEYS.store(storeId), 'analytics', 'live'] as const,
};

export const LIVE_REFRESH_MS = 30_000;

/**
 * getAnalyticsOverview for a period (null while a custom range is invalid: nothing is asked).
 * The last period's numbers stay on screen while another period loads.
 */
export function useAnalyticsOverview(input: AnalyticsPeriodInput | null) {
  return useQuery({
    queryKey: ANALYTICS_KEYS.overview(input ?? { storeId: '', period: '30d' }),
    queryFn: () => callFunction('getAnalyticsOverview', input!),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}

/** getAdvancedAnalytics (funnel, revenue by source): only mounted while advancedAnalytics is on. */
export function useAdvancedAnalytics(input: AnalyticsPeriodInput) {
  return useQuery({
    queryKey: ANALYTICS_KEYS.advanced(input),
    queryFn: () => callFunction('getAdvancedAnalytics', input),
    placeholderData: keepPreviousData,
  });
}

/** Visitors in the last 5 minutes, asked again every 30 s while the page is open. */
export function useLiveVisitors(storeId: string) {
  return useQuery({
    queryKey: ANALYTICS_KEYS.live(storeId),
    queryFn: () => callFunction('getLiveVisitors', { storeId }),
    refetchInterval: LIVE_REFRESH_MS,
    staleTime: 0,
  });
}

/** getMembershipMetrics for the same period as the page (MRR, members, churn, trial conversion). */
export function useMembershipMetrics(input: AnalyticsPeriodInput) {
  return useQuery({
    queryKey: [...STORE_KEYS.store(input.storeId), 'analytics', 'memberships', input] as const,
    queryFn: () => callFunction('getMembershipMetrics', input),
    placeholderData: keepPreviousData,
  });
}
