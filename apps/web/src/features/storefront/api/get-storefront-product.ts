import type { StoreKey, StorefrontData } from '@shopfront/core';
import { useQuery } from '@tanstack/react-query';

/** `GET /api/storefront?slug=…|host=…&product=…`: the store with one published product, or null. */
export async function fetchStorefrontProduct(key: StoreKey, productSlug: string, fetchImpl: typeof fetch = fetch): Promise<StorefrontData | null> {
  const store = key.by === 'slug' ? `slug=${encodeURIComponent(key.slug)}` : `host=${encodeURIComponent(key.by === 'bioDomain' ? key.fullDomain : key.domain)}`;
  const response = await fetchImpl(`/api/storefront?${store}&product=${encodeURIComponent(productSlug)}`, { headers: { Accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The product could not be loaded (${response.status}).`);
  const data = (await response.json()) as StorefrontData;
  return data.product ? data : null;
}

/** A product page's data for the SPA (the dev server; the production server renders the page itself). */
export function useStorefrontProduct(key: StoreKey | null, productSlug: string) {
  return useQuery({
    queryKey: ['storefront', key, 'product', productSlug],
    queryFn: () => (key ? fetchStorefrontProduct(key, productSlug) : Promise.resolve(null)),
    staleTime: 30_000,
  });
}
