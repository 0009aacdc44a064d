import type { CreateStoreInput } from '@shopfront/core';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** After the active store changes, every store-scoped query and the session (hasStore, activeStoreId) refetch. */
export async function refreshStoreData(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: STORE_KEYS.all }), queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })]);
}

export function useSwitchActiveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storeId: string) => callFunction('switchActiveStore', { storeId }),
    onSuccess: () => refreshStoreData(queryClient),
  });
}

/**
 * Spec §7: the first store is createStoreWithTenant, later ones createAdditionalStore; both check
 * the plan limit on the server. The new store becomes the active one.
 */
export function useCreateStore({ first }: { first: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateStoreInput) => {
      const store = await callFunction(first ? 'createStoreWithTenant' : 'createAdditionalStore', input);
      // The new store is what the creator wants to work on; it exists even if the switch fails.
      if (!first) await callFunction('switchActiveStore', { storeId: store.id }).catch(() => null);
      return store;
    },
    onSuccess: () => refreshStoreData(queryClient),
  });
}

export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { storeId: string; confirmSlug: string }) => callFunction('deleteStoreAndTenant', input),
    onSuccess: () => refreshStoreData(queryClient),
  });
}
