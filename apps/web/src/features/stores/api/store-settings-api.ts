import type { SaleNotificationMode, StoreProfile } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Under the store's keys, so switching stores refetches it. */
const saleNotificationKeys = (storeId: string) => [...STORE_KEYS.store(storeId), 'sale-notifications'] as const;

export function useSaleNotifications(storeId: string) {
  return useQuery({ queryKey: saleNotificationKeys(storeId), queryFn: () => callFunction('getSaleNotifications', { storeId }) });
}

export function useUpdateSaleNotifications(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (saleNotifications: SaleNotificationMode) => callFunction('updateSaleNotifications', { storeId, saleNotifications }),
    onSuccess: (settings) => queryClient.setQueryData(saleNotificationKeys(storeId), settings),
  });
}

/** The store profile Settings edits: the builder's draft when there is one, else the live store. */
export function useStoreProfile(storeId: string) {
  return useQuery({ queryKey: STORE_KEYS.draft(storeId), queryFn: () => callFunction('getStoreDraft', { storeId }) });
}

/**
 * Saves name and description the way the store builder does (spec §4: edits go to the draft).
 * With no other draft changes pending on a published store, the draft is published at once, so
 * Settings changes go live; otherwise they wait in the draft with the builder's other edits.
 */
export function useSaveStoreDetails(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { profile: StoreProfile; hadDraft: boolean; published: boolean }) => {
      await callFunction('saveStoreDraft', { storeId, profile: input.profile });
      if (input.hadDraft || !input.published) return { live: false };
      await callFunction('publishStoreDraft', { storeId });
      return { live: true };
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: STORE_KEYS.draft(storeId) });
      await queryClient.invalidateQueries({ queryKey: STORE_KEYS.mine });
    },
  });
}
