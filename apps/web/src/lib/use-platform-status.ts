import { useQuery } from '@tanstack/react-query';
import { getPlatformStatus } from './get-platform-status.ts';

export const PLATFORM_STATUS_QUERY_KEY = ['platform', 'status'] as const;

export function usePlatformStatus() {
  return useQuery({ queryKey: PLATFORM_STATUS_QUERY_KEY, queryFn: getPlatformStatus });
}
