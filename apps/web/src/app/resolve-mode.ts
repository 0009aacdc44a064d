import { resolveAppMode, type AppModeResult, type ClientConfig, type StoreKey, type StoreRef } from '@shopfront/core';
import type { QueryClient } from '@tanstack/react-query';
import { lookupStore, storeQueryKey } from '../features/stores/index.ts';

export interface ResolvedPage {
  resolution: AppModeResult;
  /** The key that found the store, or the planned key of a store that was not found; null otherwise. */
  storeKey: StoreKey | null;
  /** The store the mode is about, when one was found (its `offline` flag decides the offline screen). */
  store: StoreRef | null;
}

/**
 * Spec §2 app mode selection with the real store lookup. Every answer is put in the query cache,
 * so the mode's first page renders without asking again. A failing lookup is logged by the core
 * resolver and gives no store (spec §8).
 */
export async function resolvePage(
  input: { host: string; path: string; config: ClientConfig },
  queryClient: QueryClient,
  find: (key: StoreKey) => Promise<StoreRef | null> = lookupStore,
): Promise<ResolvedPage> {
  let foundKey: StoreKey | null = null;
  let found: StoreRef | null = null;
  const resolution = await resolveAppMode(
    { host: input.host, path: input.path, productHosts: input.config.productHosts },
    async (key) => {
      const store = await find(key);
      queryClient.setQueryData(storeQueryKey(key), store);
      if (store) {
        foundKey = key;
        found = store;
      }
      return store;
    },
  );
  return { resolution, storeKey: foundKey ?? resolution.missingStore?.storeKey ?? null, store: resolution.storeId ? found : null };
}
