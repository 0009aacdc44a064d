import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Under the store's key, so switching or deleting a store refetches everything here. */
export const CUSTOMER_KEYS = {
  all: (storeId: string) => [...STORE_KEYS.store(storeId), 'customers'] as const,
  list: (storeId: string) => [...STORE_KEYS.store(storeId), 'customers', 'list'] as const,
  search: (storeId: string, query: string) => [...STORE_KEYS.store(storeId), 'customers', 'search', query] as const,
  detail: (storeId: string, customerId: string) => [...STORE_KEYS.store(storeId), 'customers', 'detail', customerId] as const,
  paymentSettings: (storeId: string) => [...STORE_KEYS.store(storeId), 'payment-settings'] as const,
};
