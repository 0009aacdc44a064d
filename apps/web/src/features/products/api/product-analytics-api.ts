import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

export interface ProductNumbers {
  views: number;
  sales: number;
}

/**
 * Each product's views and sales over the last 30 days (getProductAnalytics), by product id.
 * Extra information on the list: a failure is not retried and shows nothing (no toast).
 */
export function useProductAnalytics(storeId: string) {
  return useQuery({
    queryKey: [...STORE_KEYS.store(storeId), 'analytics', 'products'] as const,
    queryFn: () => callFunction('getProductAnalytics', { storeId }),
    select: (data) => ({ days: data.days, byId: new Map<string, ProductNumbers>(data.products.map((row) => [row.productId, { views: row.views, sales: row.sales }])) }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
