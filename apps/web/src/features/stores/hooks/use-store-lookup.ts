import { useQuery } from '@tanstack/react-query';
import { lookupStore, storeQueryKey, type StoreKey } from '../api/lookup-store.ts';

/** main.tsx seeds this query with the store it found while resolving the mode. */
export function useStoreLookup(key: StoreKey | null) {
  return useQuery({
    queryKey: key ? storeQueryKey(key) : ['stores', 'lookup', 'none'],
    queryFn: () => (key ? lookupStore(key) : Promise.resolve(null)),
    staleTime: 60_000,
  });
}
