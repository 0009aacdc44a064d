import type { MyAffiliate } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

export function myAffiliateQueryKey(storeId: string) {
  return ['members', 'affiliate', storeId] as const;
}

/** getMyAffiliate: the store's terms and the customer's own affiliate account (docs/affiliates.md). */
export function useMyAffiliate(storeId: string) {
  return useQuery({
    queryKey: myAffiliateQueryKey(storeId),
    queryFn: () => callFunction('getMyAffiliate', { storeId }),
    staleTime: 30_000,
  });
}

/**
 * applyAsAffiliate answers the same view as getMyAffiliate: the page shows it at once. A refusal
 * (already an affiliate, the program just closed) reloads the view, which then shows why.
 */
export function useApplyAsAffiliate(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callFunction('applyAsAffiliate', { storeId }),
    onSuccess: (result: MyAffiliate) => queryClient.setQueryData(myAffiliateQueryKey(storeId), result),
    onError: () => queryClient.invalidateQueries({ queryKey: myAffiliateQueryKey(storeId) }),
  });
}
