import type { StoreDomains } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

export function useStoreDomains(storeId: string) {
  return useQuery({ queryKey: STORE_KEYS.domains(storeId), queryFn: () => callFunction('getStoreDomains', { storeId }) });
}

/** Every domain change refetches the section and the store list (its `customDomain`). */
function useDomainMutation<TInput, TOutput>(storeId: string, run: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: STORE_KEYS.domains(storeId) });
      await queryClient.invalidateQueries({ queryKey: STORE_KEYS.mine });
    },
  });
}

export const useAddCustomDomain = (storeId: string) => useDomainMutation(storeId, (domain: string) => callFunction('addCustomDomain', { storeId, domain }));

export const useVerifyCustomDomain = (storeId: string) =>
  useDomainMutation(storeId, (domain: string) => callFunction('verifyCustomDomain', { storeId, domain }));

export const useRemoveCustomDomain = (storeId: string) =>
  useDomainMutation(storeId, (domain: string) => callFunction('removeCustomDomain', { storeId, domain }));

export const useSetBioSubdomain = (storeId: string) =>
  useDomainMutation(storeId, (name: string | null) => callFunction('setBioSubdomain', { storeId, name }));

export type { StoreDomains };
