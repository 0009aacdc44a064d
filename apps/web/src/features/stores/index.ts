export { lookupStore, storeQueryKey, type StoreKey } from './api/lookup-store.ts';
export { useStoreLookup } from './hooks/use-store-lookup.ts';
