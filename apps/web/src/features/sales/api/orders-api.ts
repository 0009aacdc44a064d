import type { Order } from '@shopfront/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';
import type { SalesFilters } from '../lib/sales-filters.ts';

export const ORDERS_PAGE_SIZE = 50;

/** Under the store's key: switching or deleting a store refetches every order list. */
export const ORDER_KEYS = {
  all: (storeId: string) => [...STORE_KEYS.store(storeId), 'orders'] as const,
  list: (storeId: string, filters: SalesFilters) => [...STORE_KEYS.store(storeId), 'orders', filters] as const,
};

/** The store's time zone: its sales days. UTC while it loads or when it cannot be read. */
export function useStoreTimeZone(storeId: string): string {
  const zone = useQuery({
    queryKey: [...STORE_KEYS.store(storeId), 'time-zone'] as const,
    queryFn: () => callFunction('getStoreTimeZone', { storeId }),
    retry: false,
    staleTime: 5 * 60_000,
  });
  return zone.data?.timeZone ?? 'UTC';
}

/** listOrders for the filters, 50 at a time; every page carries the totals of the whole range. */
export function useOrders(storeId: string, filters: SalesFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: ORDER_KEYS.list(storeId, filters),
    queryFn: ({ pageParam }) =>
      callFunction('listOrders', {
        storeId,
        ...(filters.from ? { from: filters.from } : {}),
        ...(filters.to ? { to: filters.to } : {}),
        ...(filters.status ? { status: filters.status } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
        limit: ORDERS_PAGE_SIZE,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

/** refundOrder for an amount in minor units; the lists and the store stats refetch afterwards. */
export function useRefundOrder(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, amountCents }: { order: Order; amountCents: number }) => callFunction('refundOrder', { storeId, orderId: order.id, amountCents }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ORDER_KEYS.all(storeId) });
      await queryClient.invalidateQueries({ queryKey: STORE_KEYS.stats(storeId) });
    },
  });
}

/** The CSV export route for the same filters (a plain link: the session cookie goes with it). */
export function ordersCsvUrl(storeId: string, query: URLSearchParams): string {
  const search = query.toString();
  return `/api/stores/${encodeURIComponent(storeId)}/orders.csv${search ? `?${search}` : ''}`;
}
