/**
 * Query keys of everything that belongs to the creator's stores. Switching, creating or deleting a
 * store invalidates `STORE_KEYS.all`, so every store-scoped screen refetches for the new store.
 */
export const STORE_KEYS = {
  all: ['stores'] as const,
  mine: ['stores', 'mine'] as const,
  store: (storeId: string) => ['stores', 'by-id', storeId] as const,
  stats: (storeId: string) => ['stores', 'by-id', storeId, 'stats'] as const,
  draft: (storeId: string) => ['stores', 'by-id', storeId, 'draft'] as const,
  domains: (storeId: string) => ['stores', 'by-id', storeId, 'domains'] as const,
  emailSettings: (storeId: string) => ['stores', 'by-id', storeId, 'email-settings'] as const,
};
