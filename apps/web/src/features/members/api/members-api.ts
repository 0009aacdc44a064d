import type { CustomerAccount, FunctionInput, StoreKey } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { customerSessionQueryKey } from '../hooks/use-customer-session.ts';
import { myAffiliateQueryKey } from './affiliate-api.ts';

/** Download links live 15 minutes: refetch well before, and whenever the tab comes back. */
export const PURCHASES_REFRESH_MS = 10 * 60_000;

export function purchasesQueryKey(storeId: string) {
  return ['members', 'purchases', storeId] as const;
}

/** getMyPurchases with fresh signed links: never served stale, refetched on focus. */
export function useMyPurchases(storeId: string) {
  return useQuery({
    queryKey: purchasesQueryKey(storeId),
    queryFn: () => callFunction('getMyPurchases', { storeId }),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    refetchInterval: PURCHASES_REFRESH_MS,
  });
}

/** Puts the customer every sign-in path answers into the session cache (the guards follow it). */
function useSignedIn(storeId: string) {
  const queryClient = useQueryClient();
  return (result: { customer: CustomerAccount }) => {
    queryClient.setQueryData(customerSessionQueryKey(storeId), result.customer);
  };
}

export function useCustomerSignIn(storeId: string) {
  const signedIn = useSignedIn(storeId);
  return useMutation({
    mutationFn: (input: { email: string; password: string }) => callFunction('customerSignIn', { storeId, ...input }),
    onSuccess: signedIn,
  });
}

export function useCustomerSignUp(storeId: string) {
  const signedIn = useSignedIn(storeId);
  return useMutation({
    mutationFn: (input: Omit<FunctionInput<'customerSignUp'>, 'storeId'>) => callFunction('customerSignUp', { storeId, ...input }),
    onSuccess: signedIn,
  });
}

export function useCustomerResetPassword(storeId: string) {
  const signedIn = useSignedIn(storeId);
  return useMutation({
    mutationFn: (input: Omit<FunctionInput<'customerResetPassword'>, 'storeId'>) => callFunction('customerResetPassword', { storeId, ...input }),
    onSuccess: signedIn,
  });
}

export function useSendCustomerCode(storeId: string, type: 'signup' | 'password-reset') {
  return useMutation({ mutationFn: (email: string) => callFunction('sendCustomerCode', { storeId, email, type }) });
}

/** Ends the session, then forgets the customer, their purchases and their affiliate account in this tab. */
export function useCustomerSignOut(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callFunction('customerSignOut', { storeId }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: purchasesQueryKey(storeId) });
      queryClient.removeQueries({ queryKey: myAffiliateQueryKey(storeId) });
      queryClient.setQueryData(customerSessionQueryKey(storeId), null);
    },
  });
}

/** The store's public profile (theme, colours, avatar) for the members area; the lookup gives the name. */
export function useStoreProfile(key: StoreKey | null) {
  return useQuery({
    queryKey: ['members', 'store-profile', key],
    queryFn: async () => {
      if (!key) return null;
      const input = key.by === 'slug' ? { slug: key.slug } : { host: key.by === 'bioDomain' ? key.fullDomain : key.domain };
      const data = await callFunction('getStorefront', input);
      return data?.store.profile ?? null;
    },
    staleTime: 5 * 60_000,
    retry: false,
    // The theme waits for this query and the pages under it read it too: a page mounting must not
    // refetch a failed profile (that would put the theme back to loading, unmounting the page).
    retryOnMount: false,
  });
}
