import type { AffiliateAction, AffiliateProgram, FunctionInput } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Under the store's key: switching or deleting a store refetches everything here. */
export const AFFILIATE_KEYS = {
  all: (storeId: string) => [...STORE_KEYS.store(storeId), 'affiliates'] as const,
  program: (storeId: string) => [...STORE_KEYS.store(storeId), 'affiliates', 'program'] as const,
  list: (storeId: string) => [...STORE_KEYS.store(storeId), 'affiliates', 'list'] as const,
  commissions: (storeId: string) => [...STORE_KEYS.store(storeId), 'affiliates', 'commissions'] as const,
  payouts: (storeId: string) => [...STORE_KEYS.store(storeId), 'affiliates', 'payouts'] as const,
};

/** The CSV of every affiliate with a payable balance (a plain link: the session cookie goes with it). */
export function payableCsvUrl(storeId: string): string {
  return `/api/stores/${encodeURIComponent(storeId)}/affiliate-payouts.csv`;
}

export function useAffiliateProgram(storeId: string) {
  return useQuery({ queryKey: AFFILIATE_KEYS.program(storeId), queryFn: () => callFunction('getAffiliateProgram', { storeId }) });
}

export function useAffiliates(storeId: string) {
  return useQuery({ queryKey: AFFILIATE_KEYS.list(storeId), queryFn: () => callFunction('listAffiliates', { storeId }) });
}

export function useAffiliateCommissions(storeId: string) {
  return useQuery({ queryKey: AFFILIATE_KEYS.commissions(storeId), queryFn: () => callFunction('listAffiliateCommissions', { storeId }) });
}

export function useAffiliatePayouts(storeId: string) {
  return useQuery({ queryKey: AFFILIATE_KEYS.payouts(storeId), queryFn: () => callFunction('listAffiliatePayouts', { storeId }) });
}

/** Every answer that changes the program carries it whole: the cache takes it as is. */
function keepProgram(queryClient: QueryClient, storeId: string) {
  return (program: AffiliateProgram) => queryClient.setQueryData(AFFILIATE_KEYS.program(storeId), program);
}

type ProgramFields = Omit<FunctionInput<'updateAffiliateProgram'>, 'storeId'>;

export function useUpdateAffiliateProgram(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ProgramFields) => callFunction('updateAffiliateProgram', { storeId, ...fields }),
    onSuccess: keepProgram(queryClient, storeId),
  });
}

/** A product's own percent; null goes back to the default. */
export function useSetAffiliateProductRate(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, commissionPercent }: { productId: string; commissionPercent: number | null }) =>
      callFunction('setAffiliateProductRate', { storeId, productId, commissionPercent }),
    onSuccess: keepProgram(queryClient, storeId),
  });
}

export function useUpdateAffiliateStatus(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ affiliateId, action }: { affiliateId: string; action: AffiliateAction }) => callFunction('updateAffiliateStatus', { storeId, affiliateId, action }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AFFILIATE_KEYS.list(storeId) }),
  });
}

export function useInviteAffiliate(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => callFunction('inviteAffiliate', { storeId, email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AFFILIATE_KEYS.list(storeId) }),
  });
}

/** Settles every payable commission of the affiliate; the balances, the commissions and the payouts refetch. */
export function usePayAffiliate(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ affiliateId, note }: { affiliateId: string; note?: string | undefined }) =>
      callFunction('payAffiliate', { storeId, affiliateId, ...(note ? { note } : {}) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: AFFILIATE_KEYS.list(storeId) }),
        queryClient.invalidateQueries({ queryKey: AFFILIATE_KEYS.commissions(storeId) }),
        queryClient.invalidateQueries({ queryKey: AFFILIATE_KEYS.payouts(storeId) }),
      ]),
  });
}

/** Moves the store's test clock; test-mode commissions may turn payable, so balances and commissions refetch. */
export function useAdvanceTestClock(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => callFunction('advanceAffiliateTestClock', { storeId, days }),
    onSuccess: (program) => {
      keepProgram(queryClient, storeId)(program);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: AFFILIATE_KEYS.list(storeId) }),
        queryClient.invalidateQueries({ queryKey: AFFILIATE_KEYS.commissions(storeId) }),
      ]);
    },
  });
}
