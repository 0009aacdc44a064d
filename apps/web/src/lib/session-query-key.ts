/**
 * The query key of the signed-in creator's session. Sign-in and sign-out set it; creating,
 * switching or deleting a store invalidates it (hasStore, activeStoreId change).
 */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;
