import type { FunctionInput, StoreKey, StorefrontData } from '@shopfront/core';
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

/** The app-mode store key as getStorefront's input: by slug, or by the host the visitor is on. */
export function storefrontInput(key: StoreKey, preview: boolean): FunctionInput<'getStorefront'> {
  const ref = key.by === 'slug' ? { slug: key.slug } : { host: key.by === 'bioDomain' ? key.fullDomain : key.domain };
  return preview ? { ...ref, preview: true } : ref;
}

/**
 * The storefront's data for the SPA (the dev server, client navigation): the server normally
 * renders the page itself. `preview` asks for the draft, which only the owner gets.
 */
export function useStorefront(key: StoreKey | null, preview: boolean) {
  return useQuery({
    queryKey: ['storefront', key, preview],
    queryFn: (): Promise<StorefrontData | null> => (key ? callFunction('getStorefront', storefrontInput(key, preview)) : Promise.resolve(null)),
    staleTime: preview ? 0 : 30_000,
  });
}
