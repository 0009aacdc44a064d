import { useQuery } from '@tanstack/react-query';
import { fetchCustomerSession } from '../api/fetch-customer-session.ts';

export function customerSessionQueryKey(storeId: string | null) {
  return ['members', 'session', storeId] as const;
}

export function useCustomerSession(storeId: string | null) {
  return useQuery({
    queryKey: customerSessionQueryKey(storeId),
    queryFn: () => fetchCustomerSession(storeId),
    staleTime: 60_000,
  });
}
