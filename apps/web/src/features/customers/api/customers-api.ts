import type { Customer, FunctionInput } from '@shopfront/core';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { CUSTOMER_KEYS } from './customer-keys.ts';

/** Newest first, one page at a time ("Load more"). */
export function useCustomerList(storeId: string) {
  return useInfiniteQuery({
    queryKey: CUSTOMER_KEYS.list(storeId),
    queryFn: ({ pageParam }) => callFunction('getStoreCustomers', pageParam ? { storeId, cursor: pageParam } : { storeId }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Name and email search; off while the query is empty. */
export function useCustomerSearch(storeId: string, query: string) {
  return useQuery({
    queryKey: CUSTOMER_KEYS.search(storeId, query),
    queryFn: () => callFunction('searchStoreCustomers', { storeId, query }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(storeId: string, customerId: string) {
  return useQuery({
    queryKey: CUSTOMER_KEYS.detail(storeId, customerId),
    queryFn: () => callFunction('getStoreCustomer', { storeId, customerId }),
  });
}

/**
 * The store currency for lifetime values. The store object does not carry it, so it comes from the
 * payment settings; USD (the store default) while they load or when they cannot be read.
 */
export function useStoreCurrency(storeId: string): string {
  const settings = useQuery({
    queryKey: CUSTOMER_KEYS.paymentSettings(storeId),
    queryFn: () => callFunction('getPaymentSettings', { storeId }),
    retry: false,
    staleTime: 5 * 60_000,
  });
  return settings.data?.currency ?? 'USD';
}

export type NewCustomer = Omit<FunctionInput<'createStoreCustomer'>, 'storeId'>;
export type CustomerChanges = Omit<FunctionInput<'updateStoreCustomer'>, 'storeId' | 'customerId'>;

export function useCreateCustomer(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCustomer) => callFunction('createStoreCustomer', { storeId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMER_KEYS.all(storeId) }),
  });
}

/** Saves notes, tags and consent; the detail shows the server's answer, the lists refetch. */
export function useUpdateCustomer(storeId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: CustomerChanges) => callFunction('updateStoreCustomer', { storeId, customerId, ...changes }),
    onSuccess: async (customer: Customer) => {
      queryClient.setQueryData(CUSTOMER_KEYS.detail(storeId, customerId), (old: { customer: Customer; orders: unknown[] } | undefined) =>
        old ? { ...old, customer } : old,
      );
      await queryClient.invalidateQueries({ queryKey: CUSTOMER_KEYS.list(storeId) });
      await queryClient.invalidateQueries({ queryKey: [...CUSTOMER_KEYS.all(storeId), 'search'] });
    },
  });
}

/** The owner-only CSV route (docs/selling.md); a plain link carries the session cookie. */
export function customersCsvUrl(storeId: string): string {
  return `/api/stores/${encodeURIComponent(storeId)}/customers.csv`;
}
