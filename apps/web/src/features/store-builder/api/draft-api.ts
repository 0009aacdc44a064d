import type { StoreDraft, StoreProfile } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Spec §4 store draft: the draft, or the published profile when there is none. */
export function useStoreDraft(storeId: string) {
  return useQuery({
    queryKey: STORE_KEYS.draft(storeId),
    queryFn: () => callFunction('getStoreDraft', { storeId }),
    // The form owns the profile once loaded; a refetch only refreshes `hasDraft`.
    staleTime: Infinity,
  });
}

export function saveStoreDraft(storeId: string, profile: StoreProfile) {
  return callFunction('saveStoreDraft', { storeId, profile });
}

/** Keeps the cached draft in step after a save, so "Publish" knows there is something to publish. */
export function useMarkDraftSaved(storeId: string) {
  const queryClient = useQueryClient();
  return (profile: StoreProfile, updatedAt: string) =>
    queryClient.setQueryData<StoreDraft>(STORE_KEYS.draft(storeId), { profile, hasDraft: true, updatedAt });
}

export function usePublishDraft(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callFunction('publishStoreDraft', { storeId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: STORE_KEYS.draft(storeId) });
      await queryClient.invalidateQueries({ queryKey: STORE_KEYS.mine });
    },
  });
}

export function useDiscardDraft(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await callFunction('discardStoreDraft', { storeId });
      return queryClient.fetchQuery({ queryKey: STORE_KEYS.draft(storeId), queryFn: () => callFunction('getStoreDraft', { storeId }), staleTime: 0 });
    },
  });
}
