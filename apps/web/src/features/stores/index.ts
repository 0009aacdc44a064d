/**
 * The store lookup every mode needs while resolving (main.tsx imports this file, so it stays
 * small). The dashboard's store screens are in `./manage.ts`: importing them from here would put
 * them in the bundle of every mode.
 */
export { lookupStore, storeQueryKey, type StoreKey } from './api/lookup-store.ts';
export { useStoreLookup } from './hooks/use-store-lookup.ts';
