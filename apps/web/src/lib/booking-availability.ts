import { useQuery } from '@tanstack/react-query';
import { callFunction } from './call-function.ts';
import { STORE_KEYS } from './store-keys.ts';

/**
 * The store's booking availability (zone and weekly hours): one cache entry shared by the
 * Availability screen, which writes it, and the call product editor, whose publish check needs a
 * weekly period.
 */
export const availabilityKey = (storeId: string) => [...STORE_KEYS.store(storeId), 'availability'] as const;

export function useAvailability(storeId: string, enabled = true) {
  return useQuery({ queryKey: availabilityKey(storeId), queryFn: () => callFunction('getAvailability', { storeId }), enabled });
}

/** Open periods across the week: a call can be published only with one. */
export function weeklyPeriodCount(weeklyHours: Record<string, readonly unknown[]>): number {
  return Object.values(weeklyHours).reduce((sum, day) => sum + day.length, 0);
}
