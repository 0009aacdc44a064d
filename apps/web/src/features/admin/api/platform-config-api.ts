import type { FeatureFlagState, FunctionInput, MaintenanceConfig } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { PLATFORM_STATUS_QUERY_KEY } from '#src/lib/use-platform-status.ts';

export const PLATFORM_CONFIG_KEYS = {
  maintenance: ['admin', 'maintenance'] as const,
  flags: ['admin', 'feature-flags'] as const,
};

export function useMaintenanceConfig() {
  return useQuery({ queryKey: PLATFORM_CONFIG_KEYS.maintenance, queryFn: () => callFunction('getMaintenanceConfig', {}) });
}

/** Maintenance on or off; the answer is the new state, and the app's own platform status is refetched. */
export function useSetMaintenanceMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'setMaintenanceMode'>) => callFunction('setMaintenanceMode', input),
    onSuccess: (config) => queryClient.setQueryData<MaintenanceConfig>(PLATFORM_CONFIG_KEYS.maintenance, config),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PLATFORM_STATUS_QUERY_KEY }),
  });
}

/** allowSignups on or off with its reason; the answer is the new state, and the platform status follows. */
export function useSetAllowSignups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'setAllowSignups'>) => callFunction('setAllowSignups', input),
    onSuccess: (config) => queryClient.setQueryData<MaintenanceConfig>(PLATFORM_CONFIG_KEYS.maintenance, config),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PLATFORM_STATUS_QUERY_KEY }),
  });
}

export function useFeatureFlags() {
  return useQuery({ queryKey: PLATFORM_CONFIG_KEYS.flags, queryFn: async () => (await callFunction('getFeatureFlags', {})).flags });
}

/** One flag on or off with its reason; the list and the app's platform status (nav entries) follow. */
export function useSetFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'setFeatureFlag'>) => callFunction('setFeatureFlag', input),
    onSuccess: ({ flag }) =>
      queryClient.setQueryData<FeatureFlagState[]>(PLATFORM_CONFIG_KEYS.flags, (flags) => flags?.map((each) => (each.name === flag.name ? flag : each))),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: PLATFORM_CONFIG_KEYS.flags });
      await queryClient.invalidateQueries({ queryKey: PLATFORM_STATUS_QUERY_KEY });
    },
  });
}
