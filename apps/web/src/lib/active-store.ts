import type { Store } from '@shopfront/core';
import { useQuery } from '@tanstack/react-query';
import { callFunction } from './call-function.ts';
import { STORE_KEYS } from './store-keys.ts';

export interface MyStores {
  stores: Store[];
  /** Spec §4: the chosen store, or the first by creation date when none is set (server-decided). */
  activeStore: Store | null;
}

/** The signed-in creator's stores (newest first) and the active one. */
export function useMyStores() {
  return useQuery({
    queryKey: STORE_KEYS.mine,
    queryFn: () => callFunction('listMyStores', {}),
    select: (data): MyStores => ({
      stores: data.stores,
      // The list is newest first; with no active store the oldest is active (spec §4).
      activeStore: data.stores.find((store) => store.id === data.activeStoreId) ?? data.stores.at(-1) ?? null,
    }),
  });
}

/** The active store, for pages that work on one store at a time. */
export function useActiveStore() {
  const query = useMyStores();
  return { ...query, store: query.data?.activeStore ?? null };
}
