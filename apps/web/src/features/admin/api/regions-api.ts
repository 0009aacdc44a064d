import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

/** The admin home asks again this often: each region's server reports every second. */
export const REGION_STATUS_REFRESH_MS = 10_000;

const regionStatusKey = ['admin', 'regions'] as const;

/** The data regions: the primary, which server answered, and each mirror's last report. */
export function useRegionStatus() {
  return useQuery({ queryKey: regionStatusKey, queryFn: () => callFunction('getRegionStatus', {}), refetchInterval: REGION_STATUS_REFRESH_MS });
}
