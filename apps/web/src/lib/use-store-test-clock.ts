import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from './call-function.ts';
import { STORE_KEYS } from './store-keys.ts';

const testClockKey = (storeId: string) => [...STORE_KEYS.store(storeId), 'test-clock'] as const;

/** The store's test clock (decision 035): how far its test-mode objects have been moved ahead. */
export function useStoreTestClock(storeId: string) {
  return useQuery({ queryKey: testClockKey(storeId), queryFn: () => callFunction('getStoreTestClock', { storeId }) });
}

/**
 * Moves the clock forward by `minutes`. Everything of the store is read again afterwards: whatever
 * the test clock schedules (commissions leaving their hold, for one) may have moved with it.
 */
export function useAdvanceStoreTestClock(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: number) => callFunction('advanceStoreTestClock', { storeId, minutes }),
    onSuccess: (clock) => {
      queryClient.setQueryData(testClockKey(storeId), clock);
      void queryClient.invalidateQueries({ queryKey: STORE_KEYS.store(storeId) });
    },
  });
}
