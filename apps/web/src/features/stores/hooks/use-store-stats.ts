import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Spec §3 store stats: customers, products, orders, emailCampaigns. */
export function useStoreStats(storeId: string | null) {
  return useQuery({
    queryKey: STORE_KEYS.stats(storeId ?? 'none'),
    queryFn: () => callFunction('getStoreStats', { storeId: storeId as string }),
    enabled: Boolean(storeId),
  });
}
