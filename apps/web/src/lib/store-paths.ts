import { membersUrl, storefrontUrl, storeHostOf, type AppModeResult } from '@shopfront/core';

/** The store pages a mode links to outside its own router (members → the store, and back). */
export type StoreDocument = '/' | '/members/login' | '/members/signup';

/**
 * A root-relative link to one of the current store's pages: `/{slug}…` on the product's hosts,
 * `/…` on the store's custom or bio domain.
 */
export function storeDocumentPath(resolution: Pick<AppModeResult, 'slug' | 'customDomain'> & Partial<Pick<AppModeResult, 'isBioDomain'>>, page: StoreDocument): string {
  const { store, on } = storeHostOf(resolution);
  if (page === '/') return storefrontUrl(store, { origin: '', on });
  return membersUrl(store, { origin: '', on, page: page === '/members/login' ? 'login' : 'signup' });
}
