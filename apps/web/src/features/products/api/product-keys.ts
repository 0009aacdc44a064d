import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Under the store's keys, so switching or deleting a store refetches its products too. */
export const PRODUCT_KEYS = {
  all: (storeId: string) => [...STORE_KEYS.store(storeId), 'products'] as const,
  list: (storeId: string, includeArchived: boolean) => [...STORE_KEYS.store(storeId), 'products', 'list', { includeArchived }] as const,
  one: (storeId: string, productId: string) => [...STORE_KEYS.store(storeId), 'products', 'one', productId] as const,
};
